import {
  ledgerKindLabel,
  ledgerKinds,
  money,
  packetRoutes,
  packetStateLabel,
  packetStates,
  type TPacketState,
  TradePerm,
  tradeRoutes,
} from '@yunhu/contract';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { optionsOf } from '../../../shared/form/options';
import { ReasonField } from '../../../shared/form/ReasonField';
import { withDayRange } from '../../../shared/list/dayRange';
import { DateRangeFilter, SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { ledgerColumns } from '../../../shared/list/ledgerColumns';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RouteTabs } from '../../../shared/list/RouteTabs';
import { RowAction } from '../../../shared/list/RowAction';
import { actionsColumn } from '../../../shared/list/types';
import { usePermission } from '../../../shared/permission/usePermission';
import { ledgerPageKey, minePageKey, type TPacketRow, unsubscribeEstimate, useRefundActions } from '../api';
import { AccountCard } from '../components/AccountCard';
import { fmtTime } from '../components/orderColumns';
import { PacketShareModal } from '../components/PacketShareModal';

const s = t.trade;

const Ledger = () => (
  <ListPage
    pageKey={ledgerPageKey}
    urlKey="ledger"
    title={s.ledgerTab}
    route={tradeRoutes.ledger}
    toRequest={withDayRange}
    columns={ledgerColumns({ ...s, kind: s.ledgerKind, amount: s.change }, fmtTime)}
    filters={
      <>
        <SelectFilter name="kind" label={s.ledgerKind} options={optionsOf(ledgerKinds, ledgerKindLabel)} />
        <DateRangeFilter name="range" label={s.time} />
      </>
    }
  />
);

const stateColor: Partial<Record<TPacketState, string>> = { active: 'green', frozen: 'orange' };

/** 退订 of a package: the rule, what is left and about what comes back, and a reason. */
const UnsubscribeModal = (props: { packet: TPacketRow | null; onClose: () => void }) => {
  const actions = useRefundActions();
  const p = props.packet;
  return (
    <FormModal<{ reason: string }>
      open={p !== null}
      title={p ? s.unsubscribeTitle(p.name) : ''}
      testId="packet-unsubscribe-modal"
      onCancel={props.onClose}
      onSubmit={async (v) => {
        const app = await actions.unsubscribe({ packetId: p!.id, reason: v.reason });
        feedback.message.success(s.unsubscribed(money(app.amount)));
      }}
      fields={
        <>
          <Typography.Paragraph type="secondary">{s.unsubscribeRule}</Typography.Paragraph>
          {p && (
            <Typography.Paragraph data-testid="packet-unsubscribe-estimate">
              {s.unsubscribeLeft(s.minutesOf(Math.floor(p.remainingSeconds / 60)), money(unsubscribeEstimate(p)))}
            </Typography.Paragraph>
          )}
          <ReasonField label={s.unsubscribeReason} requiredMessage={s.unsubscribeReasonRequired} minLength={2} />
        </>
      }
    />
  );
};

const Packets = () => {
  const canApply = usePermission(TradePerm.refundApply);
  const canShare = usePermission(TradePerm.packetShare);
  const [unsubscribing, setUnsubscribing] = useState<TPacketRow | null>(null);
  const [sharing, setSharing] = useState<TPacketRow | null>(null);
  return (
    <>
      <ListPage
        pageKey={minePageKey}
        title={s.packetsTab}
        route={packetRoutes.mine}
        export={{ route: packetRoutes.mineExport, permission: TradePerm.accountList }}
        columns={[
          { key: 'lineName', title: s.line, dataIndex: 'lineName' },
          { key: 'name', title: s.packetName, dataIndex: 'name' },
          {
            key: 'total',
            title: s.totalTime,
            dataIndex: 'totalSeconds',
            render: (v: number) => s.minutesOf(Math.floor(v / 60)),
          },
          {
            key: 'remaining',
            title: s.remaining,
            dataIndex: 'remainingSeconds',
            render: (v: number) => s.minutesOf(Math.floor(v / 60)),
          },
          moneyColumn<TPacketRow>(s.price, 'price'),
          { key: 'boughtAt', title: s.boughtAt, dataIndex: 'boughtAt', render: fmtTime },
          { key: 'orderNo', title: s.orderNo, dataIndex: 'orderNo', render: (v: string | null) => v ?? '—' },
          { key: 'expireAt', title: s.packetExpireAt, dataIndex: 'expireAt', render: fmtTime },
          {
            key: 'state',
            title: s.packetState,
            dataIndex: 'state',
            render: (v: TPacketState) => <Tag color={stateColor[v] ?? 'default'}>{packetStateLabel[v]}</Tag>,
          },
          {
            key: 'sharedWith',
            title: s.sharedWith,
            dataIndex: 'sharedWith',
            render: (users: TPacketRow['sharedWith'], row: TPacketRow) => (
              <span data-testid={`packet-shared-${row.id}`}>
                {users.length === 0 ? (
                  <Typography.Text type="secondary">{s.sharedAll}</Typography.Text>
                ) : (
                  users.map((u) => <Tag key={u.userId}>{u.realName}</Tag>)
                )}
              </span>
            ),
          },
          ...actionsColumn<TPacketRow>(canApply || canShare, s.actions, (row) => {
            const live = row.state === 'active' && row.remainingSeconds > 0;
            return (
              <>
                {canShare && live && (
                  <RowAction onClick={() => setSharing(row)} testId={`packet-share-${row.id}`}>
                    {s.share}
                  </RowAction>
                )}
                {canApply && live && row.orderNo !== null && row.price > 0 && (
                  <RowAction isDanger onClick={() => setUnsubscribing(row)} testId={`packet-unsubscribe-${row.id}`}>
                    {s.unsubscribe}
                  </RowAction>
                )}
              </>
            );
          }),
        ]}
        filters={
          <SelectFilter name="state" label={s.packetState} options={optionsOf(packetStates, packetStateLabel)} />
        }
      />
      <UnsubscribeModal packet={unsubscribing} onClose={() => setUnsubscribing(null)} />
      <PacketShareModal packet={sharing} onClose={() => setSharing(null)} />
    </>
  );
};

/** 账户明细 (account/accountDetails): the balance, every ledger movement, and the packages bought. */
export const AccountPage = () => (
  <>
    <AccountCard />
    <RouteTabs
      items={[
        { key: 'packets', label: s.packetsTab, children: <Packets /> },
        { key: 'ledger', label: s.ledgerTab, children: <Ledger /> },
      ]}
    />
  </>
);
