import { useQuery } from '@tanstack/react-query';
import { crmRoutes, intentionLevelLabel, intentionLevels, type TIntentionLevel } from '@yunhu/contract';
import { Tag } from 'antd';
import { call } from './http/api';

/**
 * Customer vocabulary that both the CRM and the call screens show (task cards pick customers and
 * agents, the call-record filter picks people). It lives below the features so neither imports
 * the other for it.
 */

/** The CRM's query key of the assignees: the CRM invalidates it after a transfer. */
export const assigneesKey = ['crm', 'assignees'] as const;

/** People who can receive customers, with how many they own and may own. */
export const useAssignees = (isEnabled = true) =>
  useQuery({ queryKey: assigneesKey, queryFn: () => call(crmRoutes.assignees, {}), enabled: isEnabled });

const levelColor: Record<TIntentionLevel, string> = {
  A: 'red',
  B: 'orange',
  C: 'gold',
  D: 'blue',
  E: 'default',
};
/** A: red … E: grey, so the hot customers stand out in a long list. */
export const LevelTag = ({ value, isLong }: { value: TIntentionLevel; isLong?: boolean }) => (
  <Tag color={levelColor[value]}>{isLong ? intentionLevelLabel[value] : value}</Tag>
);

export const levelOptions = intentionLevels.map((v) => ({ value: v, label: intentionLevelLabel[v] }));
