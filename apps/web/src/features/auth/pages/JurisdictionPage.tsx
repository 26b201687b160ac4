import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { takeUrlToken } from '../../../app/guard';
import { PageLoading } from '../../../app/layout/PageLoading';
import * as t from '../../../locales/zh-CN';
import { leaveWithMessage } from '../../../shared/session';
import { loadUserInfo } from '../../org';
import { startSession } from '../api';

/** Entry for a handed-over token (another system signs the user in here). */
export const JurisdictionPage = () => {
  const navigate = useNavigate();
  useEffect(() => {
    const handed = takeUrlToken(window.location.href);
    if (!handed) {
      leaveWithMessage(t.auth.invalidToken);
      return;
    }
    window.history.replaceState(null, '', handed.cleanHref);
    startSession(handed.token);
    loadUserInfo()
      .then((user) => {
        document.title = user.enterpriseName;
        navigate('/menu/home', { replace: true });
      })
      .catch(() => leaveWithMessage(t.auth.invalidToken));
  }, [navigate]);
  return <PageLoading />;
};
