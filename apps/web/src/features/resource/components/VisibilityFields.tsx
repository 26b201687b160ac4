import { resourceVisibilities, resourceVisibilityLabel, type TResourceVisibility } from '@yunhu/contract';
import { Form, Radio, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import * as t from '../../../locales/zh-CN';
import { namedOptions, optionsOf } from '../../../shared/form/options';
import { useAudience } from '../api';

const c = t.resource;
type TDept = { id: number; parentId: number | null; name: string };
type TNode = { value: number; title: string; children: TNode[] };

/** The departments as a tree (a department whose parent is not listed is a root). */
export const deptTree = (depts: readonly TDept[]): TNode[] => {
  const ids = new Set(depts.map((d) => d.id));
  const childrenOf = (parentId: number | null): TNode[] =>
    depts
      .filter((d) => (parentId === null ? d.parentId === null || !ids.has(d.parentId) : d.parentId === parentId))
      .map((d) => ({ value: d.id, title: d.name, children: childrenOf(d.id) }));
  return childrenOf(null);
};

/** Who may read the item: everyone, chosen departments (with those below them) or chosen roles. */
export const VisibilityFields = () => {
  const audience = useAudience(true);
  const visibility = Form.useWatch('visibility') as TResourceVisibility | undefined;
  const tree = useMemo(() => deptTree(audience.data?.depts ?? []), [audience.data]);
  return (
    <>
      <Form.Item name="visibility" label={c.visibility}>
        <Radio.Group options={optionsOf(resourceVisibilities, resourceVisibilityLabel)} />
      </Form.Item>
      {visibility === 'depts' && (
        <Form.Item
          name="deptIds"
          label={c.depts}
          extra={c.deptsHelp}
          rules={[{ required: true, message: c.deptsRequired }]}
        >
          <TreeSelect
            multiple
            treeDefaultExpandAll
            treeData={tree}
            loading={audience.isFetching}
            data-testid="resource-depts"
          />
        </Form.Item>
      )}
      {visibility === 'roles' && (
        <Form.Item name="roleIds" label={c.roles} rules={[{ required: true, message: c.rolesRequired }]}>
          <Select
            mode="multiple"
            options={namedOptions(audience.data?.roles ?? [])}
            loading={audience.isFetching}
            data-testid="resource-roles"
          />
        </Form.Item>
      )}
    </>
  );
};
