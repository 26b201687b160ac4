import { render, screen, waitFor } from '@testing-library/react';
import type { TUserInfo } from '@yunhu/contract';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';

// Every request the soft-phone makes goes through the shared client: counted here.
const posts = vi.hoisted(() => ({ paths: [] as string[], reply: null as null | (() => Promise<unknown>) }));
vi.mock('../../../shared/http/client', () => ({
  createHttp: () => ({
    post: (path: string) => {
      posts.paths.push(path);
      return posts.reply ? posts.reply() : Promise.resolve({ code: 0, data: null });
    },
  }),
}));
vi.mock('../lazyPhone', () => ({
  loadPhone: vi.fn(async () => ({})),
  loadedPhone: () => null,
  withPhone: () => () => undefined,
}));

const { SoftphoneWidget, isSoftphoneUser } = await import('../index');
const { ApiError } = await import('../../../shared/http/handle');

const user = (patch: Partial<TUserInfo>): TUserInfo => ({
  userId: 1,
  username: 'agent01',
  realName: '坐席一',
  mobile: '139****0001',
  headUrl: null,
  enterpriseName: '示例企业',
  tenantCode: 'T1',
  superTenant: 0,
  deptName: null,
  roleNames: [],
  permissions: [],
  authState: 0,
  authStateLabel: '未认证',
  wechatBound: false,
  lastLoginAt: null,
  hasSoftphoneSeat: true,
  ...patch,
});

const renderDock = () =>
  render(
    <App>
      <SoftphoneWidget />
    </App>,
  );

/** The soft-phone only for people with a soft-phone seat, saying the server's own reason. */
describe('the soft-phone dock', () => {
  beforeEach(() => {
    posts.paths.length = 0;
    posts.reply = null;
  });
  afterEach(() => useUserStore.getState().clear());

  it('is for a person with a soft-phone seat, never for the platform operator or before the user is known', () => {
    expect(isSoftphoneUser(null)).toBe(false);
    expect(isSoftphoneUser(user({}))).toBe(true);
    expect(isSoftphoneUser(user({ hasSoftphoneSeat: false }))).toBe(false);
    expect(isSoftphoneUser(user({ superTenant: 1, hasSoftphoneSeat: true }))).toBe(false);
  });

  it('renders nothing and asks nothing for a person without a soft-phone seat', async () => {
    useUserStore.getState().setUser(user({ hasSoftphoneSeat: false }));
    const { container } = renderDock();
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="softphone"]')).toBeNull();
    expect(posts.paths).toEqual([]);
  });

  it('renders nothing and asks nothing for the platform operator', async () => {
    useUserStore.getState().setUser(user({ superTenant: 1 }));
    const { container } = renderDock();
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="softphone"]')).toBeNull();
    expect(posts.paths).toEqual([]);
  });

  it("shows the server's own reason when it refuses the config, not 获取配置失败", async () => {
    posts.reply = () =>
      Promise.reject(new ApiError(10056, '您没有可用的软电话坐席，请联系管理员分配', null, 'call.noSoftphoneSeat'));
    useUserStore.getState().setUser(user({}));
    renderDock();
    const reason = await screen.findByTestId('softphone-reason', {}, { timeout: 3000 });
    expect(reason.textContent).toContain('您没有可用的软电话坐席，请联系管理员分配');
    expect(document.body.textContent).not.toContain('获取配置失败');
    await waitFor(() => expect(posts.paths).toEqual(['/base/call/line-config']));
  });
});
