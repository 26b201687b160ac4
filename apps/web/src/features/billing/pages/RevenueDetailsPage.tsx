import { BillingPerm, billingRoutes, ledgerKindLabel, type TLedgerKind } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { withDayRange } from '../../../shared/list/dayRange';
import { DateRangeFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RouteTabs } from '../../../shared/list/RouteTabs';
import type { TRowOf } from '../../../shared/list/types';
import { usePermission } from '../../../shared/permission/usePermission';
import { consumePageKey, ledgerPageKey, moneyPageKey, refundPageKey } from '../api';
import { consumeColumns, ledgerColumns } from '../components/columns';
import { LedgerFilters } from '../components/LedgerFilters';
import { LowBalanceButton } from '../components/LowBalanceButton';

const s = t.billing;
const r = billingRoutes;

const Ledger = () => (
  <ListPage
    pageKey={ledgerPageKey}
    title={s.ledgerTab}
    route={r.revenueExpPage}
    toRequest={withDayRange}
    export={{ route: r.revenueExpExport, permission: BillingPerm.moneyExport }}
    toolbar={<LowBalanceButton />}
    columns={ledgerColumns}
    filters={<LedgerFilters />}
  />
);

const Consume = () => (
  <ListPage
    pageKey={consumePageKey}
    urlKey="consume"
    title={s.consumeTab}
    route={r.consumePage}
    rowKey="recordId"
    toRequest={withDayRange}
    export={{ route: r.consumeExport, permission: BillingPerm.consumeExport }}
    columns={consumeColumns}
    filters={<DateRangeFilter name="range" label={s.callTime} />}
  />
);

const Refunds = () => (
  <ListPage
    pageKey={refundPageKey}
    urlKey="refund"
    title={s.refundTab}
    route={r.refundPage}
    toRequest={withDayRange}
    export={{ route: r.refundExport, permission: BillingPerm.moneyExport }}
    columns={ledgerColumns}
    filters={<DateRangeFilter name="range" label={s.time} />}
  />
);

/** A month's total of one kind of the ledger, titled as the ledger names the kind, or the month's net. */
const yuanColumn = (key: Exclude<TLedgerKind, 'margin' | 'settlement'> | 'net') =>
  moneyColumn<TRowOf<typeof r.moneyPage>>(key === 'net' ? s.net : ledgerKindLabel[key], key);

const Months = () => (
  <ListPage
    pageKey={moneyPageKey}
    urlKey="money"
    title={s.moneyTab}
    route={r.moneyPage}
    rowKey="month"
    export={{ route: r.moneyExport, fileName: '资金月度汇总', permission: BillingPerm.moneyExport }}
    columns={[
      { key: 'month', title: s.month, dataIndex: 'month' },
      yuanColumn('recharge'),
      yuanColumn('purchase'),
      yuanColumn('consumption'),
      yuanColumn('refund'),
      yuanColumn('transfer'),
      yuanColumn('adjustment'),
      yuanColumn('net'),
    ]}
  />
);

/** 收支明细 (money/revenueDetails): the ledger by direction, 消费明细, 退款明细 and the months. */
export const RevenueDetailsPage = () => {
  const canConsume = usePermission(BillingPerm.consumeList);
  return (
    <RouteTabs
      items={[
        { key: 'ledger', label: s.ledgerTab, children: <Ledger /> },
        ...(canConsume ? [{ key: 'consume', label: s.consumeTab, children: <Consume /> }] : []),
        { key: 'refund', label: s.refundTab, children: <Refunds /> },
        { key: 'money', label: s.moneyTab, children: <Months /> },
      ]}
    />
  );
};
