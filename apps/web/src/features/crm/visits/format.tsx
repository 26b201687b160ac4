import { visitResultLabel, visitResults } from '@yunhu/contract';
import { Tag } from 'antd';

export type TVisitResult = (typeof visitResults)[number];

const resultColor: Record<TVisitResult, string> = {
  satisfied: 'green',
  normal: 'blue',
  unsatisfied: 'red',
  unreachable: 'default',
};

export const VisitResultTag = ({ value }: { value: TVisitResult }) => (
  <Tag color={resultColor[value]}>{visitResultLabel[value]}</Tag>
);

export const visitResultOptions = visitResults.map((v) => ({ value: v, label: visitResultLabel[v] }));
