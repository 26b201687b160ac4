import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

type TFeedback = { message: MessageInstance; notification: NotificationInstance };

type TCall = (f: TFeedback) => void;
const pending: TCall[] = [];

/** Stands in until antd's `App` mounts: records each call and replays it then, so none is lost. */
const queueing = <T extends object>(pick: (f: TFeedback) => T): T =>
  new Proxy({} as T, {
    get: (_target, method) => {
      return (...args: unknown[]) => {
        pending.push((f) => (pick(f) as Record<PropertyKey, (...a: unknown[]) => unknown>)[method]?.(...args));
      };
    },
  });

/**
 * The message and notification APIs that code outside components (the HTTP client, the guard)
 * uses. `FeedbackBridge` swaps in the context-aware instances of antd's `App` once it mounts; a
 * message raised before that (a 401 answered during the first render) is shown as soon as it does.
 */
export const feedback: TFeedback = {
  message: queueing((f) => f.message),
  notification: queueing((f) => f.notification),
};

export const setFeedback = (next: TFeedback): void => {
  feedback.message = next.message;
  feedback.notification = next.notification;
  for (const call of pending.splice(0)) call(next);
};
