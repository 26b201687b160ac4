import { DeleteOutlined, EditOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import { ResourcePerm, type TResourceFolder } from '@yunhu/contract';
import { Button, Card, Form, Input, InputNumber, Menu, Popconfirm, Space } from 'antd';
import { useMemo, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { usePermission } from '../../../shared/permission/usePermission';
import { useDeleteFolder, useFolders, useSaveFolder } from '../api';

const c = t.resource;
type TFolderValues = { name: string; sort: number };

/** The menu key of a choice: every item, the items in no folder (0), or a folder. */
const keyOf = (folderId: number | undefined) => (folderId === undefined ? 'all' : String(folderId));

/** The library's folders on the left: choose one to list its items; a manager adds, renames and deletes them. */
export const FolderPanel = ({
  selected,
  onSelect,
}: {
  selected: number | undefined;
  onSelect: (folderId: number | undefined) => void;
}) => {
  const folders = useFolders();
  const save = useSaveFolder();
  const remove = useDeleteFolder();
  const canManage = usePermission(ResourcePerm.manage);
  const [editing, setEditing] = useState<TResourceFolder | 'new' | null>(null);
  const initial = useMemo<Partial<TFolderValues>>(
    () => (editing && editing !== 'new' ? { name: editing.name, sort: editing.sort } : { sort: 0 }),
    [editing],
  );
  const onSubmit = async (values: TFolderValues) => {
    await save.mutateAsync({ ...values, id: editing && editing !== 'new' ? editing.id : undefined });
    feedback.message.success(c.folderSaved);
  };
  const onDelete = (folder: TResourceFolder) =>
    remove
      .mutateAsync(folder.id)
      .then(() => {
        feedback.message.success(c.folderDeleted);
        if (selected === folder.id) onSelect(undefined);
      })
      .catch(() => undefined);

  const label = (folder: TResourceFolder) => (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <span>{`${folder.name} (${folder.itemCount})`}</span>
      {canManage && (
        // The row's own click chooses the folder; these act on it instead.
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={c.editFolder}
            onClick={() => setEditing(folder)}
          />
          <Popconfirm title={c.folderDeleteConfirm(folder.name)} onConfirm={() => onDelete(folder)}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={c.delete} />
          </Popconfirm>
        </Space>
      )}
    </Space>
  );
  return (
    <Card
      size="small"
      title={c.folders}
      data-testid="resource-folders"
      extra={
        canManage && (
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {c.addFolder}
          </Button>
        )
      }
    >
      <Menu
        mode="inline"
        style={{ borderInlineEnd: 0 }}
        selectedKeys={[keyOf(selected)]}
        onClick={({ key }) => onSelect(key === 'all' ? undefined : Number(key))}
        items={[
          { key: 'all', label: c.allItems },
          { key: '0', label: c.noFolder },
          ...(folders.data ?? []).map((f) => ({ key: String(f.id), icon: <FolderOutlined />, label: label(f) })),
        ]}
      />
      <FormModal<TFolderValues>
        open={editing !== null}
        title={editing === 'new' ? c.addFolder : c.editFolder}
        initialValues={initial}
        onSubmit={onSubmit}
        onCancel={() => setEditing(null)}
        testId="resource-folder-modal"
        fields={
          <>
            <Form.Item
              name="name"
              label={c.folderName}
              rules={[{ required: true, whitespace: true, message: c.folderNameRequired }]}
            >
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="sort" label={c.folderSort}>
              <InputNumber min={0} max={9999} precision={0} />
            </Form.Item>
          </>
        }
      />
    </Card>
  );
};
