import type { TRouteDef } from '@yunhu/contract';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn, TRowOf } from '../../../shared/list/types';

type TPacketMoveRecordsProps<R extends TRouteDef> = {
  pageKey: string;
  route: R;
  columns: TListColumn<TRowOf<R>>[];
  /** The screen's words: the list's title and its enterprise-name condition. */
  texts: { records: string; enterpriseName: string; namePlaceholder: string };
};

/** The moves of packages an agent made (changes or transfers), found by an enterprise's name. */
export const PacketMoveRecords = <R extends TRouteDef>({
  pageKey,
  route,
  columns,
  texts,
}: TPacketMoveRecordsProps<R>) => (
  <ListPage
    pageKey={pageKey}
    title={texts.records}
    route={route}
    // Both lists' rows (a change, a transfer) are keyed by their id.
    rowKey={'id' as keyof TRowOf<R> & string}
    columns={columns}
    filters={
      <TextFilter name="enterpriseName" label={texts.enterpriseName} placeholder={texts.namePlaceholder} width={180} />
    }
  />
);
