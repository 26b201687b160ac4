import { beijingTime, minSecText } from '@yunhu/contract';
import { Select } from 'antd';
import { type ReactNode, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { useApp } from '../../../shared/modal/useApp';

/** A live package of an enterprise, as 套餐变更 and 套餐转移 offer it. */
type TLivePacket = { id: number; lineName: string; name: string; remainingSeconds: number; expireAt: number };

type TLivePacketSelectProps = {
  packets: { data?: TLivePacket[]; isFetching: boolean };
  /** Until an enterprise is chosen the list is empty without saying why. */
  hasEnterprise: boolean;
  noPackets: string;
  testId: string;
  placeholder?: string;
  /** antd's Form.Item hands these down. */
  value?: number;
  onChange?: (id: number) => void;
};

/** The enterprise's live packages, each as line · name · what is left · expiry. */
export const LivePacketSelect = ({ packets, hasEnterprise, noPackets, testId, ...select }: TLivePacketSelectProps) => (
  <Select
    {...select}
    data-testid={testId}
    style={{ width: 420 }}
    loading={packets.isFetching}
    notFoundContent={hasEnterprise ? noPackets : undefined}
    options={(packets.data ?? []).map((p) => ({
      value: p.id,
      label: t.agentStock.packetOption(
        p.lineName,
        p.name,
        minSecText(p.remainingSeconds),
        beijingTime(p.expireAt).slice(0, 10),
      ),
    }))}
  />
);

/**
 * A package move asked for in a confirmation: 确定 runs it, the form's button busy meanwhile. The
 * confirmation closes either way: a refusal was shown by the http client and leaves the form as it
 * is (a confirmation left open would only ask to send the refused move again).
 */
export const useConfirmedMove = () => {
  const { modal } = useApp();
  const [isBusy, setBusy] = useState(false);
  const confirm = (title: string, content: ReactNode, run: () => Promise<void>) =>
    modal.confirm({
      title,
      content,
      onOk: async () => {
        setBusy(true);
        try {
          await run();
        } catch {
          // Shown by the http client.
        } finally {
          setBusy(false);
        }
      },
    });
  return { isBusy, confirm };
};
