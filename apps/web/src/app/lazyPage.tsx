import { Button, Result } from 'antd';
import { type ComponentType, lazy } from 'react';
import { t } from '../locales/zh-CN';

/** Spec section 9: a lazy chunk that has not loaded after 120000 ms counts as failed. */
export const CHUNK_LOAD_TIMEOUT = 120000;

const ChunkFailed = () => (
  <Result
    status="warning"
    title={t.app.chunkFailed}
    extra={
      <Button type="primary" onClick={() => window.location.reload()}>
        {t.app.retry}
      </Button>
    }
  />
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

/** A route page loaded on demand; a failed or slow chunk shows a retry message instead of a blank page. */
export const lazyPage = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  lazy(async () => {
    try {
      const mod = await withTimeout(load(), CHUNK_LOAD_TIMEOUT);
      return { default: mod[name] as ComponentType };
    } catch {
      return { default: ChunkFailed };
    }
  });
