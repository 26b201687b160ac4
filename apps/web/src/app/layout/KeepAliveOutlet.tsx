import { type ReactElement, type ReactNode, Suspense, useRef } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router-dom';
import { PageActiveContext } from '../../shared/pageActive';
import { PageLoading } from './PageLoading';

export type TRouteHandle = { keepAlive?: boolean; title?: string };

/**
 * An outlet that keeps the pages of routes flagged `keepAlive` (home, myTaskCard — spec section 2)
 * mounted but hidden after the user navigates away, so their state is there on return. A hidden page
 * learns it through `usePageActive` (its timers must not act while he is elsewhere).
 */
export const KeepAliveOutlet = () => {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as TRouteHandle | undefined;
  const cache = useRef(new Map<string, ReactElement>());
  const isAlive = Boolean(handle?.keepAlive && outlet);
  if (isAlive && outlet && !cache.current.has(pathname)) cache.current.set(pathname, outlet);

  const kept: ReactNode[] = [...cache.current.entries()].map(([path, element]) => (
    <div key={path} style={{ display: path === pathname ? 'block' : 'none' }} data-keepalive={path}>
      <PageActiveContext value={path === pathname}>
        <Suspense fallback={<PageLoading />}>{element}</Suspense>
      </PageActiveContext>
    </div>
  ));
  return (
    <>
      {kept}
      {!isAlive && <Suspense fallback={<PageLoading />}>{outlet}</Suspense>}
    </>
  );
};
