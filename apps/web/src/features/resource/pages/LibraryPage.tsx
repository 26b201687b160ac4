import { Card, Tabs } from 'antd';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { LibraryList } from '../components/LibraryList';
import { QuickReplies } from '../components/QuickReplies';

const c = t.resource;

/** 资料库 (Resource/library): folders on the left, the scripts and files of the chosen one, and the quick replies. */
export const LibraryPage = () => (
  <Card title={c.title} data-testid="resource-library">
    <Hint>{c.hint}</Hint>
    <Tabs
      items={[
        {
          key: 'items',
          label: c.tabItems,
          children: <LibraryList />,
        },
        { key: 'quick', label: c.tabQuick, children: <QuickReplies /> },
      ]}
    />
  </Card>
);
