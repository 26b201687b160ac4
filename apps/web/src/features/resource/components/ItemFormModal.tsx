import type { TResourceItem, TResourceKind, TResourceSave, TResourceVisibility, TScriptSection } from '@yunhu/contract';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { namedOptions } from '../../../shared/form/options';
import { useFolders, useSaveItem } from '../api';
import { FileField } from './FileField';
import { newSection, ScriptEditor } from './ScriptEditor';
import { VisibilityFields } from './VisibilityFields';

const c = t.resource;

type TValues = {
  title: string;
  folderId?: number;
  tags: string[];
  visibility: TResourceVisibility;
  deptIds?: number[];
  roleIds?: number[];
  sections?: TScriptSection[];
  file?: string;
};

/** What is being edited: a new item of a kind (in the folder shown), or an item read whole. */
export type TEditing = { kind: TResourceKind; folderId?: number } | { item: TResourceItem };

const initialOf = (editing: TEditing): Partial<TValues> => {
  if ('item' in editing) {
    const { item } = editing;
    return {
      title: item.title,
      folderId: item.folderId ?? undefined,
      tags: item.tags,
      visibility: item.visibility,
      deptIds: item.deptIds,
      roleIds: item.roleIds,
      sections: item.sections,
      file: item.file?.name,
    };
  }
  return {
    folderId: editing.folderId || undefined,
    tags: [],
    visibility: 'all',
    sections: editing.kind === 'script' ? [newSection('opening')] : [],
  };
};

/** A script or a file: its title, folder, tags, who may read it, and its parts or its upload. */
export const ItemFormModal = ({ editing, onClose }: { editing: TEditing | null; onClose: () => void }) => {
  const folders = useFolders();
  const save = useSaveItem();
  const kind = editing ? ('item' in editing ? editing.item.kind : editing.kind) : 'script';
  const initial = useMemo(() => (editing ? initialOf(editing) : undefined), [editing]);
  const onSubmit = async (values: TValues) => {
    const input: TResourceSave = {
      id: editing && 'item' in editing ? editing.item.id : undefined,
      kind,
      title: values.title,
      folderId: values.folderId ?? null,
      tags: values.tags ?? [],
      visibility: values.visibility,
      deptIds: values.deptIds ?? [],
      roleIds: values.roleIds ?? [],
      ...(kind === 'script' ? { sections: values.sections ?? [] } : { file: values.file }),
    };
    await save.mutateAsync(input);
    feedback.message.success(c.saved);
  };
  const isNew = !editing || !('item' in editing);
  return (
    <FormModal<TValues>
      open={editing !== null}
      title={isNew ? (kind === 'script' ? c.newScript : c.newFile) : c.editItem}
      initialValues={initial}
      onSubmit={onSubmit}
      onCancel={onClose}
      testId="resource-item-modal"
      fields={
        <>
          <Form.Item
            name="title"
            label={c.itemTitle}
            rules={[{ required: true, whitespace: true, message: c.titleRequired }]}
          >
            <Input maxLength={100} data-testid="resource-title" />
          </Form.Item>
          <Form.Item name="folderId" label={c.folder}>
            <Select allowClear placeholder={c.folderPlaceholder} options={namedOptions(folders.data ?? [])} />
          </Form.Item>
          <Form.Item name="tags" label={c.tags}>
            <Select mode="tags" maxCount={10} placeholder={c.tagsPlaceholder} tokenSeparators={[',', '，']} />
          </Form.Item>
          <VisibilityFields />
          {kind === 'script' ? (
            <Form.Item label={c.sections} required>
              <ScriptEditor />
            </Form.Item>
          ) : (
            <Form.Item
              name="file"
              label={c.file}
              extra={c.fileHelp}
              rules={[{ required: true, message: c.fileRequired }]}
            >
              <FileField shownName={editing && 'item' in editing ? editing.item.file?.originalName : undefined} />
            </Form.Item>
          )}
        </>
      }
    />
  );
};
