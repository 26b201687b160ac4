/** Spec section 2: routes open without a session. */
export const PUBLIC_PATHS = ['/login', '/jurisdiction', '/register', '/wxlogin'] as const;

export type TGuardDecision = { kind: 'pass' } | { kind: 'redirect'; to: string } | { kind: 'loadUser' };

export type TGuardInput = { path: string; isLoggedIn: boolean; hasUser: boolean };

const isPublic = (path: string): boolean => (PUBLIC_PATHS as readonly string[]).includes(path);

/**
 * Spec section 2, navigation guard, as a pure decision. Logged in: /login and / go to /menu/home,
 * and a missing realName is fetched first. Not logged in: public routes pass, others go to /login.
 */
export const decideRoute = ({ path, isLoggedIn, hasUser }: TGuardInput): TGuardDecision => {
  if (isLoggedIn) {
    if (path === '/login' || path === '/' || path === '') return { kind: 'redirect', to: '/menu/home' };
    if (isPublic(path)) return { kind: 'pass' };
    return hasUser ? { kind: 'pass' } : { kind: 'loadUser' };
  }
  return isPublic(path) ? { kind: 'pass' } : { kind: 'redirect', to: '/login' };
};

/**
 * A token handed over in the URL (`?token=` before the hash or inside the hash route's query).
 * Returns the token and the URL without it, or null when there is none.
 */
export const takeUrlToken = (href: string): { token: string; cleanHref: string } | null => {
  const url = new URL(href);
  const outer = url.searchParams.get('token');
  const [hashPath = '', hashQuery = ''] = url.hash.replace(/^#/, '').split('?');
  const inner = new URLSearchParams(hashQuery);
  const token = outer || inner.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  inner.delete('token');
  const rest = inner.toString();
  url.hash = `${hashPath}${rest ? `?${rest}` : ''}`;
  return { token, cleanHref: url.toString() };
};
