import { blacklistLimits, splitNumbers, type TBlackCheckItem } from '@yunhu/contract';
import { Alert, Button, Card, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { RowsTable } from '../../../shared/list/RowsTable';
import { checkNumbers } from '../api';

const b = t.blacklist;

/** 号码检查: paste numbers, see which are blocked and by which list (企业黑名单 / 平台黑名单). */
export const CheckTool = () => {
  const [text, setText] = useState('');
  const [records, setRecords] = useState<TBlackCheckItem[] | null>(null);
  const [isChecking, setChecking] = useState(false);

  const run = async () => {
    const phones = splitNumbers(text);
    if (phones.length === 0) {
      feedback.message.warning(b.checkNone);
      return;
    }
    if (phones.length > blacklistLimits.maxCheck) {
      feedback.message.warning(b.checkHint);
      return;
    }
    setChecking(true);
    try {
      setRecords((await checkNumbers(phones)).records);
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setChecking(false);
    }
  };
  const blocked = records?.filter((r) => r.isBlocked).length ?? 0;

  return (
    <Card title={b.checkTitle}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Input.TextArea
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={b.checkHint}
          data-testid="black-check-text"
        />
        <Button type="primary" loading={isChecking} onClick={run} data-testid="black-check-run">
          {b.checkButton}
        </Button>
        {records && (
          <>
            <Alert
              type={blocked ? 'warning' : 'success'}
              showIcon
              title={b.checkSummary(records.length, blocked)}
              data-testid="black-check-summary"
            />
            <RowsTable<TBlackCheckItem>
              rowKey={(r) => `${r.phone}`}
              rows={records}
              pageSize={10}
              data-testid="black-check-result"
              columns={[
                ...fieldColumns<TBlackCheckItem>({ phone: b.typed, number: b.number }),
                {
                  key: 'result',
                  title: b.result,
                  render: (_v, r) =>
                    r.isBlocked ? (
                      <Tag color="red">{b.blocked}</Tag>
                    ) : r.number ? (
                      <Tag color="green">{b.notBlocked}</Tag>
                    ) : null,
                },
                { key: 'reason', title: b.problem, dataIndex: 'reason' },
              ]}
            />
          </>
        )}
      </Space>
    </Card>
  );
};
