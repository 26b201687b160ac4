import { render, screen } from '@testing-library/react';
import type { TUserInfo } from '@yunhu/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { PERMISSION_KEY, useUserStore } from '../stores/user';
import { Permission } from './Permission';
import { hasAnyPermission } from './usePermission';

const user = (superTenant: 0 | 1, permissions: string[]): TUserInfo => ({
  userId: 1,
  username: 'u',
  realName: '张三',
  mobile: '',
  headUrl: null,
  enterpriseName: 'E',
  tenantCode: 'E1',
  superTenant,
  deptName: null,
  roleNames: [],
  permissions,
  authState: 0,
  authStateLabel: '未认证',
  wechatBound: false,
  lastLoginAt: null,
  hasSoftphoneSeat: false,
});

describe('permission check', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('any one of the semicolon-separated strings suffices', () => {
    expect(hasAnyPermission('a:b:c;d:e:f', ['d:e:f'])).toBe(true);
    expect(hasAnyPermission('a:b:c;d:e:f', ['x:y:z'])).toBe(false);
  });

  it('a super tenant sees everything', () => {
    expect(hasAnyPermission('a:b:c', [], 1)).toBe(true);
  });

  it('removes the element when no permission is held and keeps it otherwise', () => {
    useUserStore.getState().setUser(user(0, ['system:log:list']));
    render(
      <>
        <Permission value="system:log:export">
          <button type="button">导出</button>
        </Permission>
        <Permission value="system:log:export;system:log:list">
          <button type="button">查看</button>
        </Permission>
      </>,
    );
    expect(screen.queryByText('导出')).toBeNull();
    expect(screen.getByText('查看')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(PERMISSION_KEY) ?? '[]')).toEqual(['system:log:list']);
  });

  it('shows everything to superTenant 1', () => {
    useUserStore.getState().setUser(user(1, []));
    render(
      <Permission value="system:log:export">
        <span>导出</span>
      </Permission>,
    );
    expect(screen.getByText('导出')).toBeTruthy();
  });
});
