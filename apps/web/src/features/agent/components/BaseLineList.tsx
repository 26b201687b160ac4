import { agentRoutes, type TBaseLine } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn } from '../../../shared/list/types';

const s = t.agentStock;

/**
 * 线路底价 (getBaseLinePage): the platform sees every active line and how many agents sell it; an
 * agent sees its opened lines (the server decides by who asks). `isLocal` when it opens in a drawer
 * over another list.
 */
export const BaseLineList = (props: { isPlatform: boolean; isLocal?: boolean }) => {
  const columns: TListColumn<TBaseLine>[] = [
    { key: 'lineName', title: s.lineName, dataIndex: 'lineName' },
    moneyColumn(s.pricePerMinute, 'pricePerMinute'),
    moneyColumn(s.seatPrice, 'seatPrice', 'seatPricePerMonth'),
    ...(props.isPlatform
      ? [{ key: 'agentCount', title: s.agentCount, dataIndex: 'agentCount' } as TListColumn<TBaseLine>]
      : []),
  ];
  return (
    <ListPage
      pageKey={props.isPlatform ? 'platformBaseLines' : 'agentBaseLines'}
      isLocal={props.isLocal}
      title={s.baseLines}
      hint={s.baseLinesHint}
      route={agentRoutes.baseLinePage}
      rowKey="lineId"
      columns={columns}
      filters={<TextFilter name="name" label={s.lineName} width={180} />}
    />
  );
};
