import type { TBatchResult } from '@yunhu/contract';
import { Alert, Modal, Table, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.crm;

export type TShown = { action: string; result: TBatchResult } | null;

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
