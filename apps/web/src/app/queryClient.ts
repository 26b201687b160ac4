import { QueryClient } from '@tanstack/react-query';

/** The console's one query cache; provided by the signed-in shell (AppLayout), cleared at sign-out. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
