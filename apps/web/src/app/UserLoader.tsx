import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadUserInfo } from '../features/org';
import * as t from '../locales/zh-CN';
import { feedback } from '../shared/feedback';
import { ApiError } from '../shared/http/handle';
import { clearSession } from '../shared/session';
import { PageLoading } from './layout/PageLoading';

/** How long to wait before asking again when the server did not answer. */
export const userRetryMs = 3000;

/**
 * Spec section 2, navigation guard: a session without the user's name fetches him first. A refusal
 * (the server's answer) ends the session; no answer at all does not: the request may have died with
 * the page (F5 while loading, where clearing would sign the reloaded page out) or with the network,
 * and the session is still good, so the user is asked for again (the HTTP client said 网络不稳定).
 */
export const UserLoader = () => {
  const navigate = useNavigate();
  useEffect(() => {
    let isCurrent = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      loadUserInfo()
        .then((user) => {
          if (isCurrent) document.title = user.enterpriseName;
        })
        .catch((error: unknown) => {
          if (!isCurrent) return;
          if (error instanceof ApiError && error.code === 0) {
            retry = setTimeout(load, userRetryMs);
            return;
          }
          // 401 was already announced by the HTTP client; anything else gets the guard's warning.
          if (!(error instanceof ApiError && error.code === 401)) {
            feedback.message.warning((error instanceof Error && error.message) || t.app.unknownError);
          }
          clearSession();
          navigate('/login', { replace: true });
        });
    load();
    return () => {
      isCurrent = false;
      clearTimeout(retry);
    };
  }, [navigate]);
  return <PageLoading />;
};
