import {
  feedbackKindLabel,
  feedbackKinds,
  feedbackStateLabel,
  feedbackStates,
  type TFeedback,
  type TFeedbackKind,
  type TFeedbackState,
} from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { EnterpriseFilter, SelectFilter } from '../../../shared/list/FilterItems';
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

const dayChoices = [1, 7, 30, 90].map((n) => ({ value: String(n), label: t.feedback.lastDays(n) }));

/** The conditions both lists take; the platform's adds the enterprise, the kind and the period. */
export const feedbackFilters = (isPlatform: boolean) => (
  <>
    {isPlatform && <EnterpriseFilter />}
    <SelectFilter
      name="state"
      label={t.feedback.state}
      width={110}
      options={optionsOf(feedbackStates, feedbackStateLabel)}
    />
    {isPlatform && (
      <>
        <SelectFilter
          name="kind"
          label={t.feedback.kind}
          width={100}
          options={optionsOf(feedbackKinds, feedbackKindLabel)}
        />
        <SelectFilter name="days" label={t.feedback.days} width={120} options={dayChoices} />
      </>
    )}
  </>
);
