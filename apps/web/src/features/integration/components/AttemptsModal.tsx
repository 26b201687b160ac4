import type { TDeliveryAttempt } from '@yunhu/contract';
import { Modal, Table } from 'antd';
import * as t from '../../../locales/zh-CN';
import { beijingFormat } from '../../../shared/time/beijing';
import { useAttempts } from '../api';

const c = t.integration;
const at = (v: number | null) => (v === null ? '' : beijingFormat(v, 'YYYY-MM-DD HH:mm:ss'));

/** Every attempt of one delivery: when, the receiver's answer, how long, why it failed, the next retry. */
export const AttemptsModal = ({ deliveryId, onClose }: { deliveryId: number | null; onClose: () => void }) => {
  const attempts = useAttempts(deliveryId);
  return (
    <Modal open={deliveryId !== null} title={c.attemptsTitle} onCancel={onClose} footer={null} width={860}>
      <Table<TDeliveryAttempt>
        rowKey="id"
        size="small"
        loading={attempts.isLoading}
        dataSource={attempts.data ?? []}
        pagination={false}
        data-testid="webhook-attempts"
        columns={[
          { key: 'attempt', title: c.attemptNo, dataIndex: 'attempt', width: 70 },
          { key: 'at', title: c.createdAt, dataIndex: 'at', render: at, width: 170 },
          { key: 'status', title: c.httpStatus, dataIndex: 'status', render: (s) => s ?? c.noAnswer, width: 90 },
          { key: 'durationMs', title: c.duration, dataIndex: 'durationMs', render: c.durationMs, width: 100 },
          { key: 'error', title: c.error, dataIndex: 'error' },
          { key: 'nextRetryAt', title: c.nextAttemptAt, dataIndex: 'nextRetryAt', render: at, width: 170 },
        ]}
      />
    </Modal>
  );
};
