import { Button, List, Modal, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { useUserStore } from '../../../shared/stores/user';
import { useWechatTicket, WechatQr } from '../../auth';
import { loadUserInfo } from '../../org';
import { unbindWechat } from '../api';

const BindQr = ({ onBound }: { onBound: () => void }) => {
  const { ticket, state, refresh } = useWechatTicket('bind', (final) => {
    if (final.status === 'bound') onBound();
  });
  return <WechatQr ticket={ticket} state={state} tip={t.personal.bindTip} onRefresh={refresh} />;
};

/** 微信绑定: bind through a 'bind' ticket (poll until status bound) or unbind. */
export const WechatBind = () => {
  const isBound = useUserStore((s) => Boolean(s.user?.wechatBound));
  const [isOpen, setOpen] = useState(false);
  const onBound = () => {
    setOpen(false);
    feedback.message.success(t.personal.bindDone);
    void loadUserInfo().catch(() => undefined);
  };
  const onUnbind = () =>
    unbindWechat()
      .then(() => feedback.message.success(t.personal.unbindDone))
      .catch(() => undefined);
  const action = isBound ? (
    <Popconfirm
      key="unbind"
      title={t.personal.unbindConfirm}
      onConfirm={onUnbind}
      okText={t.common.confirm}
      cancelText={t.common.cancel}
    >
      <Button danger data-testid="wechat-unbind">
        {t.personal.unbindWechat}
      </Button>
    </Popconfirm>
  ) : (
    <Button key="bind" onClick={() => setOpen(true)} data-testid="wechat-bind">
      {t.personal.bindWechat}
    </Button>
  );
  return (
    <List.Item actions={[action]}>
      <List.Item.Meta
        title={t.personal.wechat}
        description={
          <Tag color={isBound ? 'green' : 'default'}>
            {isBound ? t.personal.wechatBound : t.personal.wechatNotBound}
          </Tag>
        }
      />
      <Modal open={isOpen} title={t.personal.bindWechat} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        {isOpen && <BindQr onBound={onBound} />}
      </Modal>
    </List.Item>
  );
};
