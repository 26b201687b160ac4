import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { loadUserInfo } from '../features/org';
import { t } from '../locales/zh-CN';
import { feedback } from '../shared/feedback';
import { ApiError } from '../shared/http/handle';
import { hasSession, setToken } from '../shared/http/token';
import { clearSession } from '../shared/session';
import { useUserStore } from '../shared/stores/user';
import { decideRoute } from './guard';
import { PageLoading } from './layout/PageLoading';

const UserLoader = () => {
  const navigate = useNavigate();
  useEffect(() => {
    let isCurrent = true;
    loadUserInfo()
      .then((user) => {
        if (isCurrent) document.title = user.enterpriseName;
      })
      .catch((error: unknown) => {
        if (!isCurrent) return;
        // 401 was already announced by the HTTP client; anything else gets the guard's warning.
        if (!(error instanceof ApiError && error.code === 401)) {
          feedback.message.warning((error instanceof Error && error.message) || t.app.unknownError);
        }
        clearSession();
        navigate('/login', { replace: true });
      });
    return () => {
      isCurrent = false;
    };
  }, [navigate]);
  return <PageLoading />;
};

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
