import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { feedback } from '../../../shared/feedback';
import { useQuickReplies } from '../api';

const c = t.resource;

/** The quick replies beside the library: searched, copied; kept where they are (客户管理's settings). */
export const QuickReplies = () => {
  const quick = useQuickReplies();
  const [words, setWords] = useState('');
  const rows = (quick.data ?? []).filter((q) => q.content.includes(words.trim()));
  const onCopy = (content: string) =>
    navigator.clipboard
      .writeText(content)
      .then(() => feedback.message.success(c.copied))
      .catch(() => undefined);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="resource-quick">
      <Hint>{c.quickHint}</Hint>
      <Input.Search
        allowClear
        placeholder={c.quickSearch}
        onChange={(e) => setWords(e.target.value)}
        style={{ maxWidth: 320 }}
      />
      {rows.length === 0 && !quick.isFetching && <Empty description={c.quickEmpty} />}
      {rows.map((q) => (
        <Card key={q.id} size="small">
          <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
            <Space align="start">
              <Tag color={q.isShared ? 'blue' : 'green'}>{q.isShared ? c.quickShared : c.quickMine}</Tag>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{q.content}</Typography.Text>
            </Space>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void onCopy(q.content)}>
              {c.copy}
            </Button>
          </Space>
        </Card>
      ))}
    </Space>
  );
};
