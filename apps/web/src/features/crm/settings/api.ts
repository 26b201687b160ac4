import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { crmSettingsRoutes, type TRequestOf } from '@yunhu/contract';
import { call } from '../../../shared/http/api';
import { crmKeys, invalidateCustomers } from '../api';

const s = crmSettingsRoutes;

export type TTagInput = TRequestOf<typeof s.tagSave>;
export type TFieldInput = TRequestOf<typeof s.fieldAdd>;
export type TQuickInput = TRequestOf<typeof s.quickSave>;
export type TRulesInput = TRequestOf<typeof s.rulesSave>;

const refresh = (client: QueryClient, key: readonly unknown[]) => client.invalidateQueries({ queryKey: key });

/**
 * The settings changes, each refreshing what is built from it: tags and custom fields feed the
 * customer lists, filters and forms; quick replies the follow-up picker; rules and privacy the
 * release countdown and the number masking.
 */
export const useSettingsActions = () => {
  const client = useQueryClient();
  const afterCustomers = (key: readonly unknown[]) => Promise.all([refresh(client, key), invalidateCustomers(client)]);
  return {
    saveTag: async (input: TTagInput) => {
      await call(s.tagSave, input);
      await afterCustomers(crmKeys.tags);
    },
    deleteTag: async (id: number) => {
      await call(s.tagDelete, { id });
      await afterCustomers(crmKeys.tags);
    },
    saveField: async (input: TFieldInput & { id?: number }) => {
      const { id, ...rest } = input;
      await (id ? call(s.fieldEdit, { ...rest, id }) : call(s.fieldAdd, rest));
      await afterCustomers(crmKeys.fields);
    },
    deleteField: async (id: number) => {
      await call(s.fieldDelete, { id });
      await afterCustomers(crmKeys.fields);
    },
    saveQuick: async (input: TQuickInput) => {
      await call(s.quickSave, input);
      await refresh(client, crmKeys.quick);
    },
    deleteQuick: async (id: number) => {
      await call(s.quickDelete, { id });
      await refresh(client, crmKeys.quick);
    },
    savePrivacy: async (isPrivacyOn: boolean) => {
      await call(s.privacySave, { isPrivacyOn });
      await afterCustomers(crmKeys.rules);
    },
    saveRules: async (input: TRulesInput) => {
      await call(s.rulesSave, input);
      await afterCustomers(crmKeys.rules);
    },
  };
};
