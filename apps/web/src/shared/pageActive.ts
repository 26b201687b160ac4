import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * Whether a page is the route on screen. The shell's keep-alive outlet keeps some pages mounted but
 * hidden behind other routes (spec section 2: home, myTaskCard) and says so here; every other page
 * is on screen while it is mounted.
 */
export const PageActiveContext = createContext(true);

/** False while this kept-alive page is hidden behind another route. */
export const usePageActive = () => useContext(PageActiveContext);

const onVisibilityChange = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** False while the browser tab is hidden (another tab, a minimised window). */
export const useTabVisible = () =>
  useSyncExternalStore(
    onVisibilityChange,
    () => document.visibilityState !== 'hidden',
    () => true,
  );

/**
 * Whether the person can see this page now: its route is on screen and its tab is shown. Timers that
 * act on his behalf (an automatic dial) run only then.
 */
export const useOnScreen = () => {
  const isActive = usePageActive();
  const isVisible = useTabVisible();
  return isActive && isVisible;
};
