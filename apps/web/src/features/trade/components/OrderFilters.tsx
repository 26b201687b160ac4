import { orderKindLabel, orderKinds, orderStateLabel, orderStates } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { dayRangeOf } from '../../../shared/list/dayRange';
import { DateRangeFilter, SelectFilter, TextFilter } from '../../../shared/list/FilterItems';

const s = t.trade;

export const toOrderRequest = ({ range, ...rest }: Record<string, unknown>) => {
  const { from, to } = dayRangeOf(range);
  return { ...rest, createdFrom: from, createdTo: to };
};

/** The order lists' filters: number, type, state, day range of placing. */
export const OrderFilters = () => (
  <>
    <TextFilter name="orderNo" label={s.orderNo} placeholder={s.orderNoPlaceholder} testId="order-filter-no" />
    <SelectFilter name="kind" label={s.kind} options={optionsOf(orderKinds, orderKindLabel)} />
    <SelectFilter name="state" label={s.state} options={optionsOf(orderStates, orderStateLabel)} />
    <DateRangeFilter name="range" label={s.createdRange} />
  </>
);
