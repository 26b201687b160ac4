import { useCallback, useState } from 'react';

const storageKey = (pageKey: string) => `columns:${pageKey}`;

const readHidden = (pageKey: string, defaults: string[]): string[] => {
  try {
    const raw = localStorage.getItem(storageKey(pageKey));
    if (raw === null) return defaults;
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : defaults;
  } catch {
    return defaults;
  }
};

/** Which columns of a list are hidden, persisted in local storage per page key. */
export const useColumnSettings = (pageKey: string, defaultHidden: string[]) => {
  const [hidden, setHiddenState] = useState<string[]>(() => readHidden(pageKey, defaultHidden));
  const setHidden = useCallback(
    (next: string[]) => {
      localStorage.setItem(storageKey(pageKey), JSON.stringify(next));
      setHiddenState(next);
    },
    [pageKey],
  );
  return { hidden, setHidden };
};
