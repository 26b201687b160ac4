import { useQuery } from '@tanstack/react-query';
import { feedbackRoutes, systemRoutes, type TFeedbackSend } from '@yunhu/contract';
import { call, upload } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = feedbackRoutes;

export const feedbackKeys = {
  /** The lists' cache prefixes (their page keys). */
  mine: 'feedback-mine',
  queue: 'feedback-queue',
  detail: ['feedback', 'detail'] as const,
};

/** Which side reads a feedback: its sender's enterprise, or the platform operator. */
export type TFeedbackSide = 'user' | 'platform';

export const useFeedbackDetail = (id: number | null, side: TFeedbackSide) =>
  useQuery({
    queryKey: [...feedbackKeys.detail, side, id],
    queryFn: () => call(side === 'platform' ? r.feedbackPlatformInfo : r.feedbackInfo, { id: id! }),
    enabled: id !== null,
  });

const touched = [[feedbackKeys.mine], [feedbackKeys.queue], feedbackKeys.detail];

export const useSendFeedback = () =>
  useRefreshingMutation((input: TFeedbackSend) => call(r.feedbackSend, input), touched);

/** The thread's one write per side: the sender adds, the platform replies. */
export const useAddMessage = (side: TFeedbackSide) =>
  useRefreshingMutation(
    (input: { id: number; content: string }) => call(side === 'platform' ? r.feedbackReply : r.feedbackAppend, input),
    touched,
  );
export const useAcceptFeedback = () => useRefreshingMutation((id: number) => call(r.feedbackAccept, { id }), touched);
export const useCloseFeedback = () => useRefreshingMutation((id: number) => call(r.feedbackClose, { id }), touched);

/** A screenshot goes through the ordinary upload; its address is what the feedback keeps. */
export const uploadScreenshot = async (file: File) => (await upload(systemRoutes.upload, file)).url;
