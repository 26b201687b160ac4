import type { TDeptNode } from '@yunhu/contract';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useDeptTree } from '../api';

type TTreeData = { value: number; title: string; children: TTreeData[] };
const toTreeData = (nodes: TDeptNode[]): TTreeData[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toTreeData(n.children) }));

type TDeptTreeSelectProps = Omit<TreeSelectProps, 'treeData'>;

/** Picks a department of `nodes`, a tree of departments. */
export const DeptNodeSelect = ({ nodes, ...props }: TDeptTreeSelectProps & { nodes: TDeptNode[] }) => (
  <TreeSelect treeDefaultExpandAll showSearch treeNodeFilterProp="title" {...props} treeData={toTreeData(nodes)} />
);

/** Picks a department of the tenant's tree. */
export const DeptTreeSelect = (props: TDeptTreeSelectProps) => {
  const { data } = useDeptTree();
  return <DeptNodeSelect {...props} nodes={data ?? []} />;
};
