import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadUserInfo } from '../features/org';
import { t } from '../locales/zh-CN';
import { feedback } from '../shared/feedback';
import { ApiError } from '../shared/http/handle';
import { clearSession } from '../shared/session';
import { PageLoading } from './layout/PageLoading';

/** Spec section 2, navigation guard: a session without the user's name fetches him first. */
export const UserLoader = () => {
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
