import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { NoticeFormModal } from '../../../shared/form/NoticeFormModal';
import { useNoticeEnterprises, usePublishAgentNotice } from '../noticeApi';

const n = t.agentNotice;
const text = { publish: n.publish, published: n.published, audience: n.audience, chooseTargets: n.chooseEnterprises };

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
    <NoticeFormModal
      open={open}
      onClose={onClose}
      testId="agent-notice-publish"
      text={text}
      hint={n.publishHint}
      chosenValue="chosen"
      targets={enterprises}
      onPublish={({ targetIds, ...notice }) => publish.mutateAsync({ ...notice, enterpriseIds: targetIds, requestKey })}
    />
  );
};
