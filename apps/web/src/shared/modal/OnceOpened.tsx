import { type ReactNode, useState } from 'react';

/**
 * Nothing until `open` is first true, then its children for good: a dialog or drawer loaded lazily
 * comes with its first opening (the screen shows without its code), and stays mounted after, so it
 * still closes with its animation and keeps what it holds.
 */
export const OnceOpened = ({ open, children }: { open: boolean; children: ReactNode }) => {
  const [hasOpened, setOpened] = useState(open);
  if (open && !hasOpened) setOpened(true);
  return hasOpened ? children : null;
};
