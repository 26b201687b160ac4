import { FileOutlined, ReadOutlined } from '@ant-design/icons';
import {
  ResourcePerm,
  resourceKindLabel,
  resourceKinds,
  resourceRoutes,
  resourceVisibilityLabel,
  type TResourceKind,
  type TResourceRow,
  type TResourceVisibility,
} from '@yunhu/contract';
import { Button, Form, Input, Popconfirm, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { call } from '../../../shared/http/api';
import { KeywordFilter, SelectFilter } from '../../../shared/list/FilterItems';
import { ListView } from '../../../shared/list/ListPage';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { useListController } from '../../../shared/list/useListController';
import { usePermission } from '../../../shared/permission/usePermission';
import { resourceKeys, useDeleteItem, useTags } from '../api';
import { FolderPanel } from './FolderPanel';
import { ItemFormModal, type TEditing } from './ItemFormModal';
import { ItemView } from './ItemView';

const c = t.resource;
const kindIcon: Record<TResourceKind, ReactNode> = { script: <ReadOutlined />, file: <FileOutlined /> };

/**
 * The items of the chosen folder (the folder kept in the list's filter, so in the URL with the rest),
 * searched and filtered; read in a drawer; written by a manager.
 */
export const LibraryList = () => {
  const canManage = usePermission(ResourcePerm.manage);
  const tags = useTags();
  const remove = useDeleteItem();
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<TEditing | null>(null);
  const onEdit = (row: TResourceRow) =>
    call(resourceRoutes.libraryInfo, { id: row.id })
      .then((item) => setEditing({ item }))
      .catch(() => undefined);
  const onDelete = (row: TResourceRow) =>
    remove
      .mutateAsync(row.id)
      .then(() => feedback.message.success(c.deleted))
      .catch(() => undefined);

  const columns: TListColumn<TResourceRow>[] = [
    {
      key: 'title',
      title: c.itemTitle,
      dataIndex: 'title',
      render: (v: string, row) => (
        <Space>
          {kindIcon[row.kind]}
          <span>{v}</span>
        </Space>
      ),
    },
    { key: 'kind', title: c.kind, dataIndex: 'kind', width: 80, render: (v: TResourceKind) => resourceKindLabel[v] },
    { key: 'folderName', title: c.folder, dataIndex: 'folderName', render: (v: string | null) => v ?? c.noFolder },
    {
      key: 'tags',
      title: c.tags,
      dataIndex: 'tags',
      render: (v: string[]) => v.map((tag) => <Tag key={tag}>{tag}</Tag>),
    },
    {
      key: 'visibility',
      title: c.visibility,
      dataIndex: 'visibility',
      render: (v: TResourceVisibility) => resourceVisibilityLabel[v],
    },
    { key: 'ownerName', title: c.owner, dataIndex: 'ownerName' },
    { key: 'useCount', title: c.useCount, dataIndex: 'useCount', width: 90 },
    timeColumn(c.updatedAt, { key: 'updatedAt' }),
    ...actionsColumn<TResourceRow>(true, c.actions, (row) => (
      <Space size={0} onClick={(e) => e.stopPropagation()}>
        <RowAction onClick={() => setViewing(row.id)} testId={`resource-open-${row.id}`}>
          {c.open}
        </RowAction>
        {canManage && (
          <>
            <RowAction onClick={() => void onEdit(row)} testId={`resource-edit-${row.id}`}>
              {c.edit}
            </RowAction>
            <Popconfirm title={c.deleteConfirm(row.title)} onConfirm={() => onDelete(row)}>
              <RowAction isDanger>{c.delete}</RowAction>
            </Popconfirm>
          </>
        )}
      </Space>
    )),
  ];
  const list = useListController({
    pageKey: resourceKeys.items,
    route: resourceRoutes.libraryPage,
    columns,
    rowKey: 'id',
  });
  const folderId = list.filters.folderId as number | undefined;
  const onSelect = (id?: number) => list.search({ ...list.filters, folderId: id });

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <div style={{ width: 240, flexShrink: 0 }}>
        <FolderPanel selected={folderId} onSelect={onSelect} />
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <ListView
          list={list}
          testKey={resourceKeys.items}
          onRowClick={(row) => setViewing(row.id)}
          toolbar={
            canManage && (
              <>
                <Button
                  type="primary"
                  onClick={() => setEditing({ kind: 'script', folderId })}
                  data-testid="resource-new-script"
                >
                  {c.newScript}
                </Button>
                <Button onClick={() => setEditing({ kind: 'file', folderId })} data-testid="resource-new-file">
                  {c.newFile}
                </Button>
              </>
            )
          }
          filters={
            <>
              <KeywordFilter placeholder={c.keywordPlaceholder} testId="resource-keyword" />
              <SelectFilter
                name="tag"
                label={c.tag}
                width={140}
                isSearchable
                options={(tags.data ?? []).map((tag) => ({ value: tag, label: tag }))}
              />
              <SelectFilter name="kind" label={c.kind} options={optionsOf(resourceKinds, resourceKindLabel)} />
              <SelectFilter
                name="sort"
                label={c.sort}
                placeholder={c.sortUpdated}
                options={[
                  { value: 'updated', label: c.sortUpdated },
                  { value: 'uses', label: c.sortUses },
                ]}
              />
              {/* The folder chosen on the left rides along with the filter. */}
              <Form.Item name="folderId" hidden>
                <Input />
              </Form.Item>
            </>
          }
        />
      </div>
      <ItemView id={viewing} onClose={() => setViewing(null)} />
      <ItemFormModal editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
};
