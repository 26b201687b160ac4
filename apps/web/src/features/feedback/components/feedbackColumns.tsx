import {
  feedbackKindLabel,
  feedbackStateLabel,
  type TFeedback,
  type TFeedbackKind,
  type TFeedbackState,
} from '@yunhu/contract';
import { t } from '../../../locales/zh-CN';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';

export const feedbackStateColor: Record<TFeedbackState, string> = {
  pending: 'orange',
  processing: 'blue',
  replied: 'green',
  closed: 'default',
};

/** The columns both lists show; the platform's adds the enterprise and the sender. */
export const feedbackColumns = (isPlatform: boolean): TListColumn<TFeedback>[] => [
  ...(isPlatform
    ? [
        { key: 'enterpriseName', title: t.feedback.enterprise, dataIndex: 'enterpriseName' },
        { key: 'author', title: t.feedback.author, dataIndex: 'author' },
      ]
    : []),
  tagColumn<TFeedback, TFeedbackKind>(t.feedback.kind, 'kind', { labels: feedbackKindLabel, colors: 'geekblue' }),
  { key: 'content', title: t.feedback.content, dataIndex: 'content', ellipsis: true },
  tagColumn<TFeedback, TFeedbackState>(t.feedback.state, 'state', {
    labels: feedbackStateLabel,
    colors: feedbackStateColor,
  }),
  { key: 'replyCount', title: t.feedback.replies, dataIndex: 'replyCount' },
  timeColumn(t.feedback.createdAt),
];
