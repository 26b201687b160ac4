import { useEffect, useState } from 'react';

/**
 * The mark of the row the shell keeps at the bottom of the screen (the soft-phone dock). A side panel
 * stops above it, so a call's controls (挂断 first) stay in reach while the panel is open.
 */
export const dockMark = { 'data-shell-dock': '' } as const;

/** The height of the marked dock while `isActive` (0 without one), followed as the dock grows and shrinks. */
export const useDockInset = (isActive: boolean): number => {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    if (!isActive) return;
    const dock = document.querySelector<HTMLElement>('[data-shell-dock]');
    if (!dock) {
      setInset(0);
      return;
    }
    // The dock is the last row of a screen-high layout: its height is what it takes from the bottom.
    const measure = () => setInset(Math.round(dock.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(dock);
    return () => observer.disconnect();
  }, [isActive]);
  return inset;
};
