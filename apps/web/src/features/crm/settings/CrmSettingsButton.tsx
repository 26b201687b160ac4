import { MessageOutlined, SettingOutlined } from '@ant-design/icons';
import { Perm } from '@yunhu/contract';
import { Button } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { lazyComponent } from '../../../shared/lazyComponent';
import { Permission } from '../../../shared/permission/Permission';

// The settings (tables, forms, switches) load when first opened, not with the customer list.
const SettingsDrawer = lazyComponent(() => import('./SettingsDrawer'), 'SettingsDrawer');
const MyQuickRepliesModal = lazyComponent(() => import('./MyQuickRepliesModal'), 'MyQuickRepliesModal');

const s = t.crmSettings;

/** 我的快捷回复 for people without the settings permission: their own replies only. */
export const MyQuickRepliesButton = () => {
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <Button
        icon={<MessageOutlined />}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
        data-testid="crm-my-quick"
      >
        {s.quickMine}
      </Button>
      {wasOpened && <MyQuickRepliesModal open={isOpen} onClose={() => setOpen(false)} />}
    </>
  );
};

/**
 * 客户设置 (tags, custom fields, quick replies, number privacy) for holders of the settings
 * permission; everyone else gets 我的快捷回复 in its place, to keep their own replies.
 */
export const CrmSettingsButton = () => {
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <Permission value={Perm.crmSettings} fallback={<MyQuickRepliesButton />}>
      <Button
        icon={<SettingOutlined />}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
        data-testid="crm-settings"
      >
        {s.button}
      </Button>
      {wasOpened && <SettingsDrawer open={isOpen} onClose={() => setOpen(false)} />}
    </Permission>
  );
};
