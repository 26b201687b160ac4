import type { agentRoutes, TRequestOf } from '@yunhu/contract';
import { Alert } from 'antd';
import { useMemo } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { NoticeFields } from '../../../shared/form/NoticeFields';
import { useNoticeEnterprises, usePublishAgentNotice } from '../noticeApi';

const n = t.agentNotice;
type TValues = Omit<TRequestOf<typeof agentRoutes.noticePublish>, 'requestKey'>;
// One object for every render: FormModal resets its fields whenever initialValues changes.
const defaults: Partial<TValues> = { audience: 'all' };

/**
 * 发布公告: a new request key each time the dialog opens, so a double click or a retry of the same
 * dialog publishes once (the server keeps one notice per key); FormModal also locks while it sends.
 */
export const NoticePublishModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const publish = usePublishAgentNotice();
  const enterprises = useNoticeEnterprises(open);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key per opening of the dialog.
  const requestKey = useMemo(() => crypto.randomUUID(), [open]);
  return (
    <FormModal<TValues>
      open={open}
      title={n.publish}
      okText={n.publish}
      testId="agent-notice-publish"
      initialValues={defaults}
      onCancel={onClose}
      onSubmit={async (v) => {
        await publish.mutateAsync({
          ...v,
          enterpriseIds: v.audience === 'all' ? [] : (v.enterpriseIds ?? []),
          requestKey,
        });
        feedback.message.success(n.published);
      }}
      fields={
        <>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={n.publishHint} />
          <NoticeFields
            text={{ audience: n.audience, chooseTargets: n.chooseEnterprises }}
            chosenValue="chosen"
            targetsName="enterpriseIds"
            targets={enterprises.data?.records ?? []}
            isLoadingTargets={enterprises.isLoading}
          />
        </>
      }
    />
  );
};
