import {
  billingRoutes,
  ledgerDirectionLabel,
  ledgerDirections,
  ledgerKindLabel,
  ledgerKinds,
  type TResponseOf,
} from '@yunhu/contract';
import { t } from '../../../locales/zh-CN';
import { dayRangeOf } from '../../../shared/list/dayRange';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { platformRevenuePageKey } from '../api';
import { ledgerColumns } from '../components/columns';

const s = t.billing;
type TPlatformRow = TResponseOf<typeof billingRoutes.platformRevenuePage>['records'][number];

const toRequest = ({ range, tenantId, ...rest }: Record<string, unknown>) => ({
  ...rest,
  tenantId: tenantId ? Number(tenantId) : undefined,
  ...dayRangeOf(range),
});

/** 平台收支 (platform/revenue): every enterprise's ledger, by enterprise, direction, kind and time. */
export const PlatformRevenuePage = () => (
  <ListPage
    pageKey={platformRevenuePageKey}
    title={s.platformRevenueTitle}
    route={billingRoutes.platformRevenuePage}
    rowKey="id"
    toRequest={toRequest}
    columns={[
      { key: 'enterpriseName', title: s.enterprise, dataIndex: 'enterpriseName' },
      ...(ledgerColumns as TListColumn<TPlatformRow>[]),
    ]}
    filters={
      <>
        <TextFilter name="tenantId" label={s.enterpriseId} width={110} />
        <SelectFilter
          name="direction"
          label={s.direction}
          placeholder={s.all}
          width={100}
          options={ledgerDirections.map((v) => ({ value: v, label: ledgerDirectionLabel[v] }))}
        />
        <SelectFilter
          name="kind"
          label={s.kind}
          placeholder={s.all}
          width={110}
          options={ledgerKinds.map((v) => ({ value: v, label: ledgerKindLabel[v] }))}
        />
        <DateRangeFilter name="range" label={s.time} />
      </>
    }
  />
);
