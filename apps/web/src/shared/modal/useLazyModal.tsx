import type { HookAPI } from 'antd/es/modal/useModal';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { lazyComponent } from '../lazyComponent';

const ModalHost = lazyComponent(() => import('./ModalHost'), 'ModalHost');

type TMethod = keyof HookAPI;
type THandle = ReturnType<HookAPI['confirm']>;
type TConfig = Parameters<HookAPI['confirm']>[0];
type TUpdate = Parameters<THandle['update']>[0];

const methods: TMethod[] = ['confirm', 'info', 'success', 'error', 'warning'];

/**
 * antd's `Modal.useModal()` whose dialogs (antd's Modal with its Dialog and Skeleton, ~15 KB gzip)
 * load with the first one asked for instead of with the screen: the same `[modal, holder]`. A call
 * made before the chunk arrived opens its dialog when it does; its handle's `destroy`, `update` and
 * `then` act on that dialog then.
 */
export const useLazyModal = (): readonly [HookAPI, ReactNode] => {
  const [isWanted, setWanted] = useState(false);
  const api = useRef<HookAPI | null>(null);
  const pending = useRef<((modal: HookAPI) => void)[]>([]);
  const onReady = useCallback((modal: HookAPI) => {
    api.current = modal;
    for (const open of pending.current.splice(0)) open(modal);
  }, []);
  const modal = useMemo(() => {
    const deferred =
      (method: TMethod) =>
      (config: TConfig): THandle => {
        if (api.current) return api.current[method](config);
        let opened: THandle | null = null;
        let isDestroyed = false;
        const updates: TUpdate[] = [];
        // Boxed: a promise resolved with the handle itself would adopt it as a thenable.
        let settle: (opened: { handle: THandle }) => void = () => undefined;
        const ready = new Promise<{ handle: THandle }>((resolve) => {
          settle = resolve;
        });
        pending.current.push((m) => {
          if (isDestroyed) return;
          opened = m[method](config);
          for (const u of updates) opened.update(u);
          settle({ handle: opened });
        });
        setWanted(true);
        return {
          destroy: () => {
            isDestroyed = true;
            opened?.destroy();
          },
          update: (u: TUpdate) => {
            if (opened) opened.update(u);
            else updates.push(u);
          },
          // The handle antd returns is a thenable (resolves to whether 确定 was pressed): so is this one.
          // biome-ignore lint/suspicious/noThenProperty: antd's HookAPI handle type.
          then: (resolve, reject) => ready.then(({ handle }) => handle.then(resolve, reject)),
        };
      };
    return Object.fromEntries(methods.map((m) => [m, deferred(m)])) as unknown as HookAPI;
  }, []);
  const holder = isWanted ? <ModalHost onReady={onReady} /> : null;
  return [modal, holder] as const;
};
