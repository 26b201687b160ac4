import { ledgerDirectionLabel, ledgerDirections, ledgerKindLabel, ledgerKinds } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { DateRangeFilter, SelectFilter } from '../../../shared/list/FilterItems';

const s = t.billing;

/** The conditions of a ledger list (收支明细, 平台收支): direction, kind and time (`withDayRange`). */
export const LedgerFilters = () => (
  <>
    <SelectFilter
      name="direction"
      label={s.direction}
      width={100}
      options={optionsOf(ledgerDirections, ledgerDirectionLabel)}
    />
    <SelectFilter name="kind" label={s.kind} width={110} options={optionsOf(ledgerKinds, ledgerKindLabel)} />
    <DateRangeFilter name="range" label={s.time} />
  </>
);
