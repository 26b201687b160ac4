import type { TDeptNode } from '@yunhu/contract';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useDeptTree } from '../api';

type TTreeData = { value: number; title: string; children: TTreeData[] };
const toTreeData = (nodes: TDeptNode[]): TTreeData[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTreeData(n.children) }));

/** Picks a department of the tenant's tree. */
export const DeptTreeSelect = (props: Omit<TreeSelectProps, 'treeData'>) => {
  const { data } = useDeptTree();
  return (
    <TreeSelect
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      {...props}
      treeData={toTreeData(data ?? [])}
    />
  );
};
