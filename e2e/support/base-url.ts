import { inject } from 'vitest';

/** Another front for the helpers (the production shape's nginx), until set back to null. */
let front: string | null = null;

/**
 * Where the helpers send the browser and the typed client: the suite's server (provided by
 * support/server.ts), or the front a journey set with `useFront`.
 */
export const baseUrl = (): string => front ?? inject('baseUrl');

/** Points every helper at `url` (null: back to the suite's server); the file that sets it sets it back. */
export const useFront = (url: string | null): void => {
  front = url;
};
