import { useQueryClient } from '@tanstack/react-query';
import type { TBatchResult } from '@yunhu/contract';
import { Alert, Modal, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { invalidateCustomers } from '../api';

const c = t.crm;

type TShown = { action: string; result: TBatchResult } | null;

/** What a batch did: "成功 N 条", and every refused customer with the reason the server gave. */
export const BatchResultModal = ({ shown, onClose }: { shown: TShown; onClose: () => void }) => (
  <Modal
    open={shown !== null}
    title={shown ? c.resultTitle(shown.action) : ''}
    onCancel={onClose}
    onOk={onClose}
    cancelButtonProps={{ style: { display: 'none' } }}
    okText={t.common.confirm}
    data-testid="crm-batch-result"
  >
    {shown && (
      <>
        <Alert type={shown.result.done > 0 ? 'success' : 'warning'} title={c.resultDone(shown.result.done)} showIcon />
        {shown.result.refused.length > 0 && (
          <>
            <Typography.Paragraph style={{ marginTop: 12, marginBottom: 4 }}>
              {c.resultRefused(shown.result.refused.length)}
            </Typography.Paragraph>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              scroll={{ y: 300 }}
              dataSource={shown.result.refused}
              columns={[
                { key: 'name', title: c.name, dataIndex: 'name', width: 160 },
                {
                  key: 'reason',
                  title: c.reason,
                  dataIndex: 'reason',
                  render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text>,
                },
              ]}
            />
          </>
        )}
      </>
    )}
  </Modal>
);

/**
 * Runs a batch action and reports it: a plain "成功 N 条" message when everything went through,
 * the result dialog when something was refused; customer queries are refreshed either way.
 */
export const useBatchRunner = (): {
  run: (
    action: string,
    work: Promise<TBatchResult>,
    onResult?: (result: TBatchResult) => void,
  ) => Promise<TBatchResult | null>;
  node: ReactNode;
} => {
  const client = useQueryClient();
  const [shown, setShown] = useState<TShown>(null);
  const run = async (action: string, work: Promise<TBatchResult>, onResult?: (result: TBatchResult) => void) => {
    try {
      const result = await work;
      // Before the refresh: a page the customer has left (released, deleted) navigates away first.
      onResult?.(result);
      if (result.refused.length === 0) feedback.message.success(`${action}：${c.resultDone(result.done)}`);
      else setShown({ action, result });
      return result;
    } catch {
      // The HTTP client already showed the server's message.
      return null;
    } finally {
      void invalidateCustomers(client);
    }
  };
  return { run, node: <BatchResultModal shown={shown} onClose={() => setShown(null)} /> };
};
