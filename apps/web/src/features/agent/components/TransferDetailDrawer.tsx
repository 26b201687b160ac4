import { beijingTime, minSecText } from '@yunhu/contract';
import { Descriptions, Drawer, Spin } from 'antd';
import * as t from '../../../locales/zh-CN';
import { usePacketTransfer } from '../transferApi';

const s = t.agentTransfer;

/** One transfer as findPacketTransfer/{id} answers it: both enterprises, both packages, what moved and what stayed. */
export const TransferDetailDrawer = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const detail = usePacketTransfer(id);
  const d = detail.data;
  return (
    <Drawer
      open={id !== null}
      width={560}
      title={d ? s.detailTitle(d.transferNo) : s.detail}
      onClose={onClose}
      destroyOnHidden
    >
      {detail.isLoading && <Spin />}
      {d && (
        <Descriptions column={1} bordered size="small" data-testid="agent-transfer-detail">
          <Descriptions.Item label={s.transferNo}>{d.transferNo}</Descriptions.Item>
          <Descriptions.Item label={s.createdAt}>{beijingTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={s.from}>{d.fromEnterpriseName}</Descriptions.Item>
          <Descriptions.Item label={s.to}>{d.toEnterpriseName}</Descriptions.Item>
          <Descriptions.Item label={s.line}>{d.lineName}</Descriptions.Item>
          <Descriptions.Item label={s.packetName}>{d.packetName}</Descriptions.Item>
          <Descriptions.Item label={s.moved}>{minSecText(d.seconds)}</Descriptions.Item>
          <Descriptions.Item label={s.sourceTotal}>{minSecText(d.sourceTotalSeconds)}</Descriptions.Item>
          <Descriptions.Item label={s.sourceUsed}>{minSecText(d.sourceUsedSeconds)}</Descriptions.Item>
          <Descriptions.Item label={s.expireAt}>{beijingTime(d.expireAt)}</Descriptions.Item>
          <Descriptions.Item label={s.fromPacketId}>{d.fromPacketId}</Descriptions.Item>
          <Descriptions.Item label={s.toPacketId}>{d.toPacketId}</Descriptions.Item>
          <Descriptions.Item label={s.operator}>{d.createdByName}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
};
