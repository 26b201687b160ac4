import { clueRoutes, type TUnlockRow } from '@yunhu/contract';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { yesNoOptions } from '../../../shared/form/options';
import { SelectFilter, TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { clueKeys } from '../api';
import { QuotaSummary } from '../components/QuotaSummary';
import { useCompanyActions } from '../components/useCompanyActions';
import { companyColumns } from './LookingPage';

const c = t.clue;

const yesNo = (v: unknown) => (v === undefined || v === null ? undefined : v === 'yes');

/** 已解锁企业 (Clue/enterprise): what the enterprise unlocked, within the data scope; convert from here. */
export const UnlockedPage = () => {
  const actions = useCompanyActions((rows: TUnlockRow[]) => rows.filter((r) => r.customerId === null).map((r) => r.id));
  const columns: TListColumn<TUnlockRow>[] = [
    ...(companyColumns(actions.open).filter((col) => col.key !== 'hasMobile') as TListColumn<TUnlockRow>[]),
    { key: 'contactCount', title: c.contactCount, dataIndex: 'contactCount', width: 90 },
    { key: 'unlockedBy', title: c.unlockedByTitle, dataIndex: 'unlockedBy', width: 100 },
    timeColumn<TUnlockRow>(c.unlockedAt, { key: 'unlockedAt' }),
    {
      key: 'customer',
      title: c.converted,
      width: 100,
      render: (_: unknown, r: TUnlockRow) =>
        r.customerId === null ? (
          c.convertedNo
        ) : (
          <Link to={`/menu/CRM/customerDetails?id=${r.customerId}`}>{c.customerLink}</Link>
        ),
    },
  ];
  return (
    <>
      <ListPage
        pageKey={clueKeys.unlocked}
        title={c.unlockedTitle}
        hint={c.unlockedHint}
        route={clueRoutes.unlockPage}
        columns={columns}
        toRequest={({ isMine, isConverted, ...rest }) => ({
          ...rest,
          isMine: yesNo(isMine),
          isConverted: yesNo(isConverted),
        })}
        toolbar={<QuotaSummary />}
        batchActions={actions.batchActions}
        filters={
          <>
            <TextFilter name="keyword" label={c.name} />
            <SelectFilter name="isMine" label={c.isMine} options={[{ value: 'yes', label: c.isMine }]} width={150} />
            <SelectFilter
              name="isConverted"
              label={c.converted}
              options={yesNoOptions(c.convertedYes, c.convertedNo)}
            />
          </>
        }
      />
      {actions.overlays}
    </>
  );
};
