import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change sent to the server that refetches what it touched once it went through: each key (and
 * every query under it) is invalidated, and the mutation settles only after they are, so a caller
 * awaiting it sees the new state.
 */
export const useRefreshingMutation = <I, O>(fn: (input: I) => Promise<O>, touched: readonly QueryKey[]) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(touched.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
};
