import type { feedbackRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TFeedbackService } from './feedback.service.js';

export const feedbackHandlers = (feedback: TFeedbackService): THandlers<typeof feedbackRoutes> => ({
  feedbackSend: (ctx) => feedback.send(ctx, ctx.input),
  feedbackMine: (ctx) => feedback.mine(ctx, ctx.input),
  feedbackInfo: (ctx) => feedback.info(ctx, ctx.input),
  feedbackAppend: (ctx) => feedback.append(ctx, ctx.input),
  feedbackQueue: (ctx) => feedback.queue(ctx, ctx.input),
  feedbackPlatformInfo: (ctx) => feedback.platformInfo(ctx, ctx.input),
  feedbackAccept: (ctx) => feedback.accept(ctx, ctx.input),
  feedbackReply: (ctx) => feedback.reply(ctx, ctx.input),
  feedbackClose: (ctx) => feedback.close(ctx, ctx.input),
});
