import { authRoutes, type TResponseOf } from '@yunhu/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../shared/http/api';

export const WECHAT_POLL_MS = 2000;

type TTicket = TResponseOf<typeof authRoutes.wechatTicket>;
export type TWechatState = TResponseOf<typeof authRoutes.wechatQrLogin>;

/** Polls POST /sso/wechat/qrlogin every 2 s until the ticket leaves the waiting/scanned states. */
export const useQrPoll = (ticket: string | null, onFinal: (state: TWechatState) => void) => {
  const [state, setState] = useState<TWechatState | null>(null);
  const onFinalRef = useRef(onFinal);
  onFinalRef.current = onFinal;
  useEffect(() => {
    if (!ticket) return;
    let isActive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const next = await call(authRoutes.wechatQrLogin, { ticket });
        if (!isActive) return;
        setState(next);
        if (next.status === 'waiting' || next.status === 'scanned') timer = setTimeout(tick, WECHAT_POLL_MS);
        else onFinalRef.current(next);
      } catch {
        if (isActive) timer = setTimeout(tick, WECHAT_POLL_MS);
      }
    };
    setState({ status: 'waiting' });
    timer = setTimeout(tick, WECHAT_POLL_MS);
    return () => {
      isActive = false;
      clearTimeout(timer);
    };
  }, [ticket]);
  return state;
};

/** A WeChat QR ticket ('login' or 'bind') with its status, refreshable. */
export const useWechatTicket = (purpose: 'login' | 'bind', onFinal: (state: TWechatState) => void) => {
  const [ticket, setTicket] = useState<TTicket | null>(null);
  const refresh = useCallback(() => {
    setTicket(null);
    call(authRoutes.wechatTicket, { purpose })
      .then(setTicket)
      .catch(() => undefined);
  }, [purpose]);
  useEffect(refresh, [refresh]);
  const state = useQrPoll(ticket?.ticket ?? null, onFinal);
  return { ticket, state, refresh };
};
