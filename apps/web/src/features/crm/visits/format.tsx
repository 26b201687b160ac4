import { visitResultLabel, visitResults } from '@yunhu/contract';
import { Tag } from 'antd';
import { optionsOf } from '../../../shared/form/options';

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

export const visitResultOptions = optionsOf(visitResults, visitResultLabel);
