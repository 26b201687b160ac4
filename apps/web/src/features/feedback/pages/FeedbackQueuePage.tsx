import { feedbackRoutes } from '@yunhu/contract';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import { feedbackKeys } from '../api';
import { FeedbackDrawer } from '../components/FeedbackDrawer';
import { feedbackColumns, feedbackFilters } from '../components/feedbackColumns';

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
        filters={feedbackFilters(true)}
      />
      <FeedbackDrawer id={viewing} side="platform" onClose={() => setViewing(null)} />
    </>
  );
};
