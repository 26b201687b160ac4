import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { hasSession, setToken } from '../shared/http/token';
import { lazyComponent } from '../shared/lazyComponent';
import { useUserStore } from '../shared/stores/user';
import { decideRoute } from './guard';

// Its own chunk with the organisation's client: the sign-in page never needs it.
const UserLoader = lazyComponent(() => import('./UserLoader'), 'UserLoader');

/** Spec section 2, navigation guard: wraps every route. */
export const RouteGuard = () => {
  const location = useLocation();
  const hasUser = useUserStore((s) => Boolean(s.user?.realName));
  const queryToken = new URLSearchParams(location.search).get('token');
  if (queryToken && location.pathname !== '/jurisdiction') {
    // A token handed over in the hash route's query is kept for this tab and dropped from the URL.
    setToken(queryToken);
    const rest = new URLSearchParams(location.search);
    rest.delete('token');
    const search = rest.toString();
    return <Navigate to={{ pathname: location.pathname, search: search ? `?${search}` : '' }} replace />;
  }
  const decision = decideRoute({ path: location.pathname, isLoggedIn: hasSession(), hasUser });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadUser') return <UserLoader />;
  return <Outlet />;
};
