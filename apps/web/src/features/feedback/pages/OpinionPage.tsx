import { feedbackRoutes } from '@yunhu/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import { feedbackKeys } from '../api';
import { FeedbackDrawer } from '../components/FeedbackDrawer';
import { FeedbackSendModal } from '../components/FeedbackSendModal';
import { feedbackColumns, feedbackFilters } from '../components/feedbackColumns';

/**
 * 意见反馈 (`opinion`): the user's own feedback (an administrator's: his enterprise's) with its state;
 * `?open=<id>` (the bell's reply notice) opens that one's thread.
 */
export const OpinionPage = () => {
  const [search, setSearch] = useSearchParams();
  const [isSending, setSending] = useState(false);
  const openId = Number(search.get('open')) || null;
  const show = (id: number | null) =>
    setSearch(
      (s) => {
        if (id) s.set('open', String(id));
        else s.delete('open');
        return s;
      },
      { replace: true },
    );
  return (
    <>
      <ListPage
        pageKey={feedbackKeys.mine}
        title={t.feedback.title}
        route={feedbackRoutes.feedbackMine}
        columns={feedbackColumns(false)}
        onRowClick={(row) => show(row.id)}
        toolbar={
          <Button type="primary" data-testid="feedback-new" onClick={() => setSending(true)}>
            {t.feedback.send}
          </Button>
        }
        filters={feedbackFilters(false)}
      />
      <FeedbackSendModal open={isSending} onClose={() => setSending(false)} />
      <FeedbackDrawer id={openId} side="user" onClose={() => show(null)} />
    </>
  );
};
