import { useCallback, useState } from 'react';

const hiddenKey = (pageKey: string) => `columns:${pageKey}`;
const orderKey = (pageKey: string) => `columnOrder:${pageKey}`;

const readKeys = (key: string, defaults: string[]): string[] => {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return defaults;
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : defaults;
  } catch {
    return defaults;
  }
};

/** Which columns of a list are hidden, and their order, persisted in local storage per page key. */
export const useColumnSettings = (pageKey: string, defaultHidden: string[]) => {
  const [hidden, setHiddenState] = useState<string[]>(() => readKeys(hiddenKey(pageKey), defaultHidden));
  // An empty order keeps the screen's own column order.
  const [order, setOrderState] = useState<string[]>(() => readKeys(orderKey(pageKey), []));
  const setHidden = useCallback(
    (next: string[]) => {
      localStorage.setItem(hiddenKey(pageKey), JSON.stringify(next));
      setHiddenState(next);
    },
    [pageKey],
  );
  const setOrder = useCallback(
    (next: string[]) => {
      localStorage.setItem(orderKey(pageKey), JSON.stringify(next));
      setOrderState(next);
    },
    [pageKey],
  );
  return { hidden, setHidden, order, setOrder };
};
