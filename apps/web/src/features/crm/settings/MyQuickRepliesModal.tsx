import { Modal } from 'antd';
import * as t from '../../../locales/zh-CN';
import { QuickReplySettings } from './QuickReplySettings';

const s = t.crmSettings;

/** 我的快捷回复: a person's own quick replies, for those without the settings permission. */
export const MyQuickRepliesModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Modal open={open} title={s.quickMine} onCancel={onClose} footer={null} width={640} destroyOnHidden>
    <QuickReplySettings isShared={false} />
  </Modal>
);
