/**
 * Whether this tab's soft-phone is meant to be online, kept across a reload of the page: set when
 * it registers, cleared by 下线, a sign-out or a refused registration. Per person: the SIP key
 * it was online with (another person signing in on the tab starts offline). sessionStorage, so a
 * new tab or window starts offline.
 */
const storageKey = 'yunhu.softphone.online';

const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

export const rememberOnline = (sipKey: string): void => {
  try {
    storage()?.setItem(storageKey, sipKey);
  } catch {}
};

export const forgetOnline = (): void => {
  try {
    storage()?.removeItem(storageKey);
  } catch {}
};

export const wasOnline = (sipKey: string): boolean => storage()?.getItem(storageKey) === sipKey;
