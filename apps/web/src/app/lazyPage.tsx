import { Button } from 'antd';
import { type ComponentType, lazy } from 'react';
import * as t from '../locales/zh-CN/signIn';

/** Spec section 9: a lazy chunk that has not loaded after 120000 ms counts as failed. */
export const CHUNK_LOAD_TIMEOUT = 120000;

// Plain markup and a Button (the sign-in page has one anyway): antd's Result would bring its
// pictures into every first load.
const ChunkFailed = () => (
  <div role="alert" style={{ padding: '48px 24px', textAlign: 'center' }}>
    <p style={{ fontSize: 16, marginBottom: 24 }}>{t.app.chunkFailed}</p>
    <Button type="primary" onClick={() => window.location.reload()}>
      {t.app.retry}
    </Button>
  </div>
);

const withTimeout = <T,>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const id = setTimeout(() => reject(new Error('chunk load timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(id);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(id);
        reject(e);
      },
    );
  });

/** The named component of a chunk, or the retry message when the chunk failed or is too slow. */
const loadComponent = async <M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): Promise<ComponentType> => {
  try {
    const mod = await withTimeout(load(), CHUNK_LOAD_TIMEOUT);
    return mod[name] as ComponentType;
  } catch {
    return ChunkFailed;
  }
};

/** A route page loaded on demand; a failed or slow chunk shows a retry message instead of a blank page. */
export const lazyPage = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazy(async () => ({ default: await loadComponent(load, name) }));

/**
 * A route's component for react-router's `lazy`: the router fetches the chunk before it renders the
 * route (the shell after sign-in), with the same retry message when the chunk fails.
 */
export const lazyRoute =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: await loadComponent(load, name) });
