import {
  clueAgeBands,
  clueCapitalBands,
  clueIndustries,
  clueRoutes,
  clueSortLabel,
  clueSorts,
  clueStaffBands,
  clueStatuses,
  type TClueRow,
} from '@yunhu/contract';
import { Button } from 'antd';
import * as t from '../../../locales/zh-CN';
import { optionsOf, yesNoOptions } from '../../../shared/form/options';
import { KeywordFilter, SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import type { TListColumn } from '../../../shared/list/types';
import { clueKeys, useQuota } from '../api';
import { CompanyMarks, placeOf } from '../components/CompanyMarks';
import { QuotaSummary } from '../components/QuotaSummary';
import { RegionFilter } from '../components/RegionFilter';
import { useCompanyActions } from '../components/useCompanyActions';

const c = t.clue;

const indexOptions = (labels: readonly string[]) => labels.map((label, value) => ({ value, label }));
const textOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The filter form's choices as the request's fields (the region's levels, the mobile's yes/no). */
export const toClueRequest = (values: Record<string, unknown>) => {
  const { region, hasMobile, ...rest } = values;
  const [province, city, district] = (region as string[] | undefined) ?? [];
  return {
    ...rest,
    province,
    city,
    district,
    hasMobile: hasMobile === undefined || hasMobile === null ? undefined : hasMobile === 'yes',
  };
};

export const companyColumns = (onOpen: (id: number) => void): TListColumn<TClueRow>[] => [
  {
    key: 'name',
    title: c.name,
    render: (_: unknown, r: TClueRow) => (
      <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(r.id)}>
        {r.name}
      </Button>
    ),
  },
  { key: 'marks', title: c.marks, width: 150, render: (_: unknown, r: TClueRow) => <CompanyMarks row={r} /> },
  { key: 'legalPerson', title: c.legalPerson, dataIndex: 'legalPerson', width: 100 },
  { key: 'capitalWan', title: c.capitalWan, width: 120, render: (_: unknown, r: TClueRow) => c.wan(r.capitalWan) },
  { key: 'foundedOn', title: c.foundedOn, dataIndex: 'foundedOn', width: 110 },
  { key: 'place', title: c.place, width: 170, render: (_: unknown, r: TClueRow) => placeOf(r) },
  { key: 'industry', title: c.industry, dataIndex: 'industry', isHiddenByDefault: false },
  { key: 'staffBand', title: c.staff, dataIndex: 'staffBand', width: 110 },
  {
    key: 'hasMobile',
    title: c.hasMobile,
    width: 90,
    render: (_: unknown, r: TClueRow) => (r.hasMobile ? c.hasMobileYes : c.hasMobileNo),
  },
];

/** 找企业 (Clue/looking): the company search, its filters kept in the URL. */
export const LookingPage = () => {
  const actions = useCompanyActions((rows: TClueRow[]) => rows.filter((r) => r.isUnlocked).map((r) => r.id));
  const { data: quota } = useQuota();
  return (
    <>
      <ListPage
        pageKey={clueKeys.companies}
        title={c.lookingTitle}
        hint={c.lookingHint(quota?.source ?? '')}
        route={clueRoutes.companyPage}
        columns={companyColumns(actions.open)}
        toRequest={toClueRequest}
        toolbar={<QuotaSummary />}
        batchActions={actions.batchActions}
        filters={
          <>
            <KeywordFilter placeholder={c.keywordPlaceholder} width={220} />
            <SelectFilter name="industry" label={c.industry} options={textOptions(clueIndustries)} width={220} />
            <RegionFilter />
            <SelectFilter
              name="capitalBand"
              label={c.capital}
              options={indexOptions(clueCapitalBands.map((b) => b.label))}
            />
            <SelectFilter name="ageBand" label={c.age} options={indexOptions(clueAgeBands.map((b) => b.label))} />
            <SelectFilter name="status" label={c.status} options={textOptions(clueStatuses)} />
            <SelectFilter name="staffBand" label={c.staff} options={indexOptions(clueStaffBands)} />
            <SelectFilter name="hasMobile" label={c.hasMobile} options={yesNoOptions(c.hasMobileYes, c.hasMobileNo)} />
            <SelectFilter
              name="sort"
              label={c.sort}
              options={optionsOf(clueSorts, clueSortLabel)}
              width={170}
              placeholder={clueSortLabel.relevance}
            />
          </>
        }
      />
      {actions.overlays}
    </>
  );
};
