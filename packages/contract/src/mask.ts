/** Display rule (spec section 3): keep the first 3 and last 4 digits, **** in between. */
export const maskPhone = (phone: string | null | undefined): string => {
  if (!phone) return '';
  const s = String(phone);
  return s.length >= 7 ? `${s.slice(0, 3)}****${s.slice(-4)}` : s;
};
