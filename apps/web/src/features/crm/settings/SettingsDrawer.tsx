import { Divider, Drawer, Tabs } from 'antd';
import * as t from '../../../locales/zh-CN';
import { FieldSettings } from './FieldSettings';
import { PrivacySettings } from './PrivacySettings';
import { QuickReplySettings } from './QuickReplySettings';
import { TagSettings } from './TagSettings';

const s = t.crmSettings;

/** 客户设置's drawer: tags, custom fields, quick replies, number privacy (its own chunk, loaded when first opened). */
export const SettingsDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => (
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
