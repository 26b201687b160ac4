import { type ComponentType, lazy, Suspense } from 'react';

type TPropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A component another feature renders, loaded with that feature's page instead of with the shell.
 * A feature's index.ts is imported by the router, so whatever it exports eagerly lands in the first
 * load; its widgets go through this (their own chunk, shown as soon as it arrived).
 */
export const lazyComponent = <M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => {
  // Typed loosely inside: `Loaded` carries the loaded component's props to its callers.
  const Lazy = lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per export, at module level.
  const Loaded = (props: TPropsOf<M[K]>) => (
    <Suspense fallback={null}>
      <Lazy {...(props as object)} />
    </Suspense>
  );
  Loaded.displayName = name;
  return Loaded;
};
