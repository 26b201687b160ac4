import { useQueryClient } from '@tanstack/react-query';
import { orgDeptRoutes, Perm, type TDeptNode } from '@yunhu/contract';
import { Button, Card, Form, Input, Popconfirm, Space, Tree } from 'antd';
import { type Key, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { call } from '../../../shared/http/api';
import { Permission } from '../../../shared/permission/Permission';
import { orgListKeys, useDeptTree } from '../api';
import { DeptTreeSelect } from './DeptTreeSelect';

type TTreeNode = { key: number; title: string; children: TTreeNode[] };
const toTree = (nodes: TDeptNode[]): TTreeNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: `${n.name}（${t.org.staffCount(n.staffCount)}）`,
    children: toTree(n.children),
  }));
const allKeys = (nodes: TDeptNode[]): number[] => nodes.flatMap((n) => [n.id, ...allKeys(n.children)]);
const findNode = (nodes: TDeptNode[], id: number): TDeptNode | undefined =>
  nodes.map((n) => (n.id === id ? n : findNode(n.children, id))).find(Boolean);

type TDeptForm = { name: string; parentId?: number };
type TMode = 'add' | 'edit' | null;

/** The department tree with add (under the selected), rename/move and delete. */
export const DeptTree = ({ selected, onSelect }: { selected: TDeptNode | null; onSelect: (d: TDeptNode) => void }) => {
  const client = useQueryClient();
  const { data = [] } = useDeptTree();
  const [mode, setMode] = useState<TMode>(null);
  // All folders start open; a department that receives a child (new or moved) opens so it shows.
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const open = (id: number) => setExpanded((keys) => (keys && !keys.includes(id) ? [...keys, id] : keys));
  const refresh = () => client.invalidateQueries({ queryKey: orgListKeys.depts });
  const onSubmit = async (v: TDeptForm) => {
    if (mode === 'add' && selected) {
      await call(orgDeptRoutes.deptCreate, { parentId: selected.id, name: v.name });
      open(selected.id);
    }
    if (mode === 'edit' && selected) {
      const moved = v.parentId && v.parentId !== selected.parentId ? { parentId: v.parentId } : {};
      await call(orgDeptRoutes.deptUpdate, { id: selected.id, name: v.name, ...moved });
      if (moved.parentId) open(moved.parentId);
    }
    feedback.message.success(t.org.saved);
    await refresh();
  };
  const onDelete = () =>
    selected &&
    call(orgDeptRoutes.deptDelete, { id: selected.id })
      .then(() => {
        feedback.message.success(t.org.saved);
        return refresh();
      })
      .catch(() => undefined);
  return (
    <Card
      title={t.org.deptTree}
      data-testid="dept-tree"
      extra={
        selected && (
          <Space size={4}>
            <Permission value={Perm.deptAdd}>
              <Button size="small" onClick={() => setMode('add')} data-testid="dept-add">
                {t.org.addChild}
              </Button>
            </Permission>
            <Permission value={Perm.deptUpdate}>
              <Button size="small" onClick={() => setMode('edit')} data-testid="dept-edit">
                {t.org.rename}
              </Button>
            </Permission>
            <Permission value={Perm.deptDelete}>
              <Popconfirm title={t.org.deleteDeptConfirm(selected.name)} onConfirm={onDelete}>
                <Button size="small" danger data-testid="dept-delete">
                  {t.org.deleteDept}
                </Button>
              </Popconfirm>
            </Permission>
          </Space>
        )
      }
    >
      {data.length > 0 && (
        <Tree
          blockNode
          expandedKeys={expanded ?? allKeys(data)}
          onExpand={setExpanded}
          selectedKeys={selected ? [selected.id] : []}
          treeData={toTree(data)}
          onSelect={(keys) => {
            const node = keys[0] !== undefined ? findNode(data, Number(keys[0])) : undefined;
            if (node) onSelect(node);
          }}
        />
      )}
      <FormModal<TDeptForm>
        open={mode !== null}
        title={mode === 'add' ? t.org.addChild : t.org.rename}
        initialValues={
          mode === 'edit' && selected ? { name: selected.name, parentId: selected.parentId ?? undefined } : undefined
        }
        onSubmit={onSubmit}
        onCancel={() => setMode(null)}
        testId="dept-form"
        fields={
          <>
            <Form.Item
              name="name"
              label={t.org.deptName}
              rules={[{ required: true, message: t.org.deptNamePlaceholder }]}
            >
              <Input placeholder={t.org.deptNamePlaceholder} />
            </Form.Item>
            {mode === 'edit' && selected?.parentId && (
              <Form.Item name="parentId" label={t.org.parentDept}>
                <DeptTreeSelect />
              </Form.Item>
            )}
          </>
        }
      />
    </Card>
  );
};
