import { useQuery } from '@tanstack/react-query';
import { crmRoutes, intentionLevelLabel, intentionLevels, Perm, type TIntentionLevel } from '@yunhu/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { optionsOf, personOptions } from './form/options';
import { call } from './http/api';
import { SelectFilter } from './list/FilterItems';
import { usePermission } from './permission/usePermission';

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

/**
 * A filter on one colleague, searchable by name: the people the user may see (those of the owner
 * filter), and no filter at all for whom may not list them.
 */
export const ColleagueFilter = ({ name, label }: { name: string; label: ReactNode }) => {
  const canListPeople = usePermission(Perm.customerList);
  const people = useAssignees(canListPeople);
  return canListPeople ? (
    <SelectFilter name={name} label={label} width={140} options={personOptions(people.data ?? [])} isSearchable />
  ) : null;
};

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

export const levelOptions = optionsOf(intentionLevels, intentionLevelLabel);
