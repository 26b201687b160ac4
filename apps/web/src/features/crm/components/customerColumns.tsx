import type { TCustomer, TCustomField } from '@yunhu/contract';
import { Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { Phone } from '../../../shared/components/Phone';
import type { TListColumn } from '../../../shared/list/types';
import { CallButton } from '../../call';
import type { TPool } from '../api';
import { CustomerTags, DealTag, fmtTime, LevelTag, PhoneLabelTag, releaseText } from '../format';

const c = t.crm;

export const detailPath = (id: number, pool: TPool) =>
  `/menu/CRM/customerDetails?id=${id}${pool === 'public' ? '&pool=public' : ''}`;

/** A custom value as text: choices joined, dates as days, numbers as they are. */
export const customText = (field: TCustomField, value: unknown): string => {
  if (value === null || value === undefined || value === '') return c.none;
  if (Array.isArray(value)) return value.length ? value.join('、') : c.none;
  if (field.type === 'date' && typeof value === 'number') return dayjs(value).format('YYYY-MM-DD');
  return String(value);
};

type TColumnsInput = { pool: TPool; fields: TCustomField[]; nearDays: number; now: number };

/** Every column either pool can show; the chooser decides which are on screen. */
export const customerColumns = ({ pool, fields, nearDays, now }: TColumnsInput): TListColumn<TCustomer>[] => {
  const isPrivate = pool === 'private';
  const columns: (TListColumn<TCustomer> | false)[] = [
    {
      key: 'name',
      title: c.name,
      dataIndex: 'name',
      sortField: 'name',
      fixed: 'left',
      render: (name: string, row) => (
        <Link to={detailPath(row.id, pool)} data-testid={`crm-row-${row.id}`}>
          {name}
        </Link>
      ),
    },
    {
      key: 'mobile',
      title: c.mobile,
      dataIndex: 'mobile',
      render: (v: string, row) => (
        <>
          <Phone value={v} isRevealable={!row.isMobileMasked} />
          {isPrivate && <CallButton telB={v} customerId={row.id} />}
        </>
      ),
    },
    { key: 'company', title: c.company, dataIndex: 'company', render: (v: string) => v || c.none },
    {
      key: 'intentionLevel',
      title: c.level,
      dataIndex: 'intentionLevel',
      sortField: 'intentionLevel',
      render: (v: TCustomer['intentionLevel']) => <LevelTag value={v} />,
    },
    { key: 'isDeal', title: c.deal, dataIndex: 'isDeal', render: (v: boolean) => <DealTag isDeal={v} /> },
    {
      key: 'phoneLabel',
      title: c.phoneLabel,
      dataIndex: 'phoneLabel',
      render: (v: TCustomer['phoneLabel']) => <PhoneLabelTag value={v} />,
    },
    { key: 'tags', title: c.tags, render: (_v, row) => <CustomerTags tags={row.tags} /> },
    isPrivate && { key: 'ownerName', title: c.owner, dataIndex: 'ownerName', render: (v) => v ?? c.none },
    { key: 'deptName', title: c.dept, dataIndex: 'deptName', render: (v) => v ?? c.none, isHiddenByDefault: true },
    {
      key: 'lastFollowAt',
      title: c.lastFollow,
      dataIndex: 'lastFollowAt',
      sortField: 'lastFollowAt',
      render: (v: number | null, row) => (
        <Tooltip title={row.lastFollowContent}>
          <span>{fmtTime(v)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'lastCallAt',
      title: c.calls,
      dataIndex: 'lastCallAt',
      sortField: 'lastCallAt',
      render: (v: number | null, row) =>
        row.callCount === 0 ? (
          c.neverCalledText
        ) : (
          <span data-testid={`customer-calls-${row.id}`} title={c.lastCall}>
            {c.callCountText(row.callCount)} · {fmtTime(v)}
          </span>
        ),
    },
    {
      key: 'lastFollowContent',
      title: c.lastFollowContent,
      dataIndex: 'lastFollowContent',
      isHiddenByDefault: true,
      render: (v: string | null) => (
        <Typography.Text ellipsis style={{ maxWidth: 220 }}>
          {v || c.none}
        </Typography.Text>
      ),
    },
    isPrivate && {
      key: 'nextFollowAt',
      title: c.nextFollow,
      dataIndex: 'nextFollowAt',
      sortField: 'nextFollowAt',
      render: (v: number | null) => (
        <span style={v !== null && v < now ? { color: '#cf1322' } : undefined}>{fmtTime(v)}</span>
      ),
    },
    isPrivate && {
      key: 'releaseAt',
      title: c.releaseAt,
      dataIndex: 'releaseAt',
      render: (v: number | null, row) => {
        const text = row.isProtected ? null : releaseText(v, now, nearDays);
        return text ? <Tag color="warning">{text}</Tag> : c.none;
      },
    },
    isPrivate && {
      key: 'isProtected',
      title: c.protected,
      dataIndex: 'isProtected',
      render: (v: boolean) => (v ? <Tag color="purple">{c.isProtected}</Tag> : c.none),
    },
    !isPrivate && {
      key: 'poolAt',
      title: c.poolAt,
      dataIndex: 'poolAt',
      sortField: 'poolAt',
      render: (v: number | null) => fmtTime(v),
    },
    !isPrivate && {
      key: 'previousOwnerName',
      title: c.previousOwner,
      dataIndex: 'previousOwnerName',
      render: (v: string | null) => v ?? c.none,
    },
    { key: 'source', title: c.source, dataIndex: 'source', render: (v: string) => v || c.none },
    { key: 'address', title: c.address, dataIndex: 'address', isHiddenByDefault: true },
    { key: 'remark', title: c.remark, dataIndex: 'remark', isHiddenByDefault: true },
    {
      key: 'createdAt',
      title: c.createdAt,
      dataIndex: 'createdAt',
      sortField: 'createdAt',
      render: (v: number) => fmtTime(v),
    },
    {
      key: 'updatedAt',
      title: c.updatedAt,
      dataIndex: 'updatedAt',
      sortField: 'updatedAt',
      isHiddenByDefault: true,
      render: (v: number) => fmtTime(v),
    },
    ...fields.map(
      (f): TListColumn<TCustomer> => ({
        key: `custom_${f.id}`,
        title: f.name,
        isHiddenByDefault: !f.isInList,
        render: (_v, row) => customText(f, row.customValues[String(f.id)]),
      }),
    ),
  ];
  return columns.filter((col): col is TListColumn<TCustomer> => col !== false);
};
