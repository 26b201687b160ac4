import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/http/handle';
import { useApp } from '../../../shared/modal/useApp';

/**
 * One media session with the gateway at a time on 实时监控 (监听, 耳语, 强插): `run` ends the previous
 * session, shows the new one's first state and awaits its connect steps; a failure releases it and,
 * unless the server refused (the http client showed that), says `failure`. `stop` or leaving the page
 * releases the session under way; `isCurrent` tells a step whether its session is still the one.
 * `release` must be stable (a module function): it closes what the session opened.
 */
export const useGatewaySession = <TRun, TState>(release: (run: TRun) => void, failure: string) => {
  const { message } = useApp();
  const [state, setState] = useState<TState | null>(null);
  const current = useRef<TRun | null>(null);

  const stop = useCallback(() => {
    if (current.current) release(current.current);
    current.current = null;
    setState(null);
  }, [release]);

  const isCurrent = useCallback((run: TRun) => current.current === run, []);

  const run = useCallback(
    async (session: TRun, first: TState, connect: () => Promise<TState | undefined>) => {
      stop();
      current.current = session;
      setState(first);
      try {
        const next = await connect();
        if (next && current.current === session) setState(next);
      } catch (error) {
        if (current.current !== session) return;
        stop();
        if (!(error instanceof ApiError)) message.error(failure);
      }
    },
    [failure, message, stop],
  );

  useEffect(() => () => stop(), [stop]);

  return { state, run, stop, isCurrent };
};
