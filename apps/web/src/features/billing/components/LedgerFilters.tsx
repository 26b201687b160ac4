import { ledgerDirectionLabel, ledgerDirections, ledgerKindLabel, ledgerKinds } from '@yunhu/contract';
import { t } from '../../../locales/zh-CN';
import { DateRangeFilter, SelectFilter } from '../../../shared/list/FilterItems';

const s = t.billing;

/** The conditions of a ledger list (收支明细, 平台收支): direction, kind and time (`withDayRange`). */
export const LedgerFilters = () => (
  <>
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
);
