import { feedbackKindLabel, feedbackKinds, feedbackRoutes, feedbackStateLabel, feedbackStates } from '@yunhu/contract';
import { useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { feedbackKeys } from '../api';
import { FeedbackDrawer } from '../components/FeedbackDrawer';
import { feedbackColumns } from '../components/feedbackColumns';

const dayChoices = [1, 7, 30, 90].map((n) => ({ value: String(n), label: t.feedback.lastDays(n) }));

/** 意见反馈处理: every enterprise's feedback for the platform operator, answered in its thread. */
export const FeedbackQueuePage = () => {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <>
      <ListPage
        pageKey={feedbackKeys.queue}
        title={t.feedback.queueTitle}
        route={feedbackRoutes.feedbackQueue}
        columns={feedbackColumns(true)}
        onRowClick={(row) => setViewing(row.id)}
        filters={
          <>
            <TextFilter name="enterpriseName" label={t.feedback.enterpriseFilter} />
            <SelectFilter
              name="state"
              label={t.feedback.state}
              width={110}
              options={optionsOf(feedbackStates, feedbackStateLabel)}
            />
            <SelectFilter
              name="kind"
              label={t.feedback.kind}
              width={100}
              options={optionsOf(feedbackKinds, feedbackKindLabel)}
            />
            <SelectFilter name="days" label={t.feedback.days} width={120} options={dayChoices} />
          </>
        }
      />
      <FeedbackDrawer id={viewing} side="platform" onClose={() => setViewing(null)} />
    </>
  );
};
