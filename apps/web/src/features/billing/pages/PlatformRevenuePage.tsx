import { billingRoutes, type TResponseOf } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { withDayRange } from '../../../shared/list/dayRange';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { platformRevenuePageKey } from '../api';
import { ledgerColumns } from '../components/columns';
import { LedgerFilters } from '../components/LedgerFilters';

const s = t.billing;
type TPlatformRow = TResponseOf<typeof billingRoutes.platformRevenuePage>['records'][number];

const toRequest = ({ tenantId, ...rest }: Record<string, unknown>) => ({
  ...withDayRange(rest),
  tenantId: tenantId ? Number(tenantId) : undefined,
});

/** 平台收支 (platform/revenue): every enterprise's ledger, by enterprise, direction, kind and time. */
export const PlatformRevenuePage = () => (
  <ListPage
    pageKey={platformRevenuePageKey}
    title={s.platformRevenueTitle}
    route={billingRoutes.platformRevenuePage}
    toRequest={toRequest}
    columns={[
      { key: 'enterpriseName', title: s.enterprise, dataIndex: 'enterpriseName' },
      ...(ledgerColumns as TListColumn<TPlatformRow>[]),
    ]}
    filters={
      <>
        <TextFilter name="tenantId" label={s.enterpriseId} width={110} />
        <LedgerFilters />
      </>
    }
  />
);
