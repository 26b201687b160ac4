import { MessageOutlined, SettingOutlined } from '@ant-design/icons';
import { Perm } from '@yunhu/contract';
import { Button, Divider, Drawer, Modal, Tabs } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { Permission } from '../../../shared/permission/Permission';
import { FieldSettings } from './FieldSettings';
import { PrivacySettings } from './PrivacySettings';
import { QuickReplySettings } from './QuickReplySettings';
import { TagSettings } from './TagSettings';

const s = t.crmSettings;

/** 我的快捷回复 for people without the settings permission: their own replies only. */
export const MyQuickRepliesButton = () => {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button icon={<MessageOutlined />} onClick={() => setOpen(true)} data-testid="crm-my-quick">
        {s.quickMine}
      </Button>
      <Modal
        open={isOpen}
        title={s.quickMine}
        onCancel={() => setOpen(false)}
        footer={null}
        width={640}
        destroyOnHidden
      >
        <QuickReplySettings isShared={false} />
      </Modal>
    </>
  );
};

const SettingsDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
  <Drawer title={s.title} open={open} onClose={onClose} size={760} destroyOnHidden data-testid="crm-settings-drawer">
    <Tabs
      items={[
        { key: 'tags', label: s.tabTags, children: <TagSettings /> },
        { key: 'fields', label: s.tabFields, children: <FieldSettings /> },
        {
          key: 'quick',
          label: s.tabQuick,
          children: (
            <>
              <QuickReplySettings isShared />
              <Divider />
              <QuickReplySettings isShared={false} />
            </>
          ),
        },
        { key: 'privacy', label: s.tabPrivacy, children: <PrivacySettings /> },
      ]}
    />
  </Drawer>
);

/**
 * 客户设置 (tags, custom fields, quick replies, number privacy) for holders of the settings
 * permission; everyone else gets 我的快捷回复 in its place, to keep their own replies.
 */
export const CrmSettingsButton = () => {
  const [isOpen, setOpen] = useState(false);
  return (
    <Permission value={Perm.crmSettings} fallback={<MyQuickRepliesButton />}>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="crm-settings">
        {s.button}
      </Button>
      <SettingsDrawer open={isOpen} onClose={() => setOpen(false)} />
    </Permission>
  );
};
