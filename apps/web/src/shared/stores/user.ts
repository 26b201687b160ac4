import type { TUserInfo } from '@yunhu/contract';
import { create } from 'zustand';

/** Spec section 3, client state: the permission list is also kept in local storage under this key. */
export const PERMISSION_KEY = 'permission';

const readPermissions = (): string[] => {
  try {
    const raw = JSON.parse(localStorage.getItem(PERMISSION_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
};

type TUserState = {
  user: TUserInfo | null;
  permissions: string[];
  setUser: (user: TUserInfo) => void;
  setPermissions: (permissions: string[]) => void;
  clear: () => void;
};

export const useUserStore = create<TUserState>((set) => ({
  user: null,
  permissions: readPermissions(),
  setUser: (user) => {
    const permissions = [...new Set(user.permissions)];
    localStorage.setItem(PERMISSION_KEY, JSON.stringify(permissions));
    set({ user, permissions });
  },
  setPermissions: (list) => {
    const permissions = [...new Set(list)];
    localStorage.setItem(PERMISSION_KEY, JSON.stringify(permissions));
    set({ permissions });
  },
  clear: () => {
    localStorage.removeItem(PERMISSION_KEY);
    set({ user: null, permissions: [] });
  },
}));
