import { useQuery } from '@tanstack/react-query';
import { integrationRoutes, type TApiKeyCreate, type TWebhookSave } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { useRefreshingMutation } from '../../shared/http/useRefreshingMutation';

const r = integrationRoutes;

export const integrationKeys = {
  endpoints: ['integration', 'endpoints'] as const,
  /** The delivery list's cache prefix (its page key). */
  deliveries: 'integration-deliveries',
  attempts: ['integration', 'attempts'] as const,
  keys: ['integration', 'keys'] as const,
  keyPermissions: ['integration', 'key-permissions'] as const,
};

export const useEndpoints = () =>
  useQuery({ queryKey: integrationKeys.endpoints, queryFn: () => call(r.webhookList, {}) });

export const useAttempts = (id: number | null) =>
  useQuery({
    queryKey: [...integrationKeys.attempts, id],
    queryFn: () => call(r.deliveryAttempts, { id: id! }),
    enabled: id !== null,
  });

const touched = [integrationKeys.endpoints, [integrationKeys.deliveries], integrationKeys.attempts];

export const useSaveEndpoint = () =>
  useRefreshingMutation((input: TWebhookSave) => call(r.webhookSave, input), touched);
export const useDeleteEndpoint = () => useRefreshingMutation((id: number) => call(r.webhookDelete, { id }), touched);
export const useTestEndpoint = () => useRefreshingMutation((id: number) => call(r.webhookTest, { id }), touched);
export const useResend = () => useRefreshingMutation((id: number) => call(r.deliveryResend, { id }), touched);

/** The secret is asked for only when shown (each showing is in the operation log). */
export const showSecret = (id: number) => call(r.webhookSecret, { id });
export const rotateSecret = (id: number) => call(r.webhookRotate, { id });

export const useApiKeys = () => useQuery({ queryKey: integrationKeys.keys, queryFn: () => call(r.keyList, {}) });
export const useKeyPermissions = (isEnabled: boolean) =>
  useQuery({
    queryKey: integrationKeys.keyPermissions,
    queryFn: () => call(r.keyPermissions, {}),
    enabled: isEnabled,
  });
export const useCreateKey = () =>
  useRefreshingMutation((input: TApiKeyCreate) => call(r.keyCreate, input), [integrationKeys.keys]);
export const useRevokeKey = () =>
  useRefreshingMutation((id: number) => call(r.keyRevoke, { id }), [integrationKeys.keys]);
