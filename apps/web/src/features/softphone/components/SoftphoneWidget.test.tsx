import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ResourcePerm, type TUserInfo } from '@yunhu/contract';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import type { TDockScripts } from './SoftphoneWidget';

// Every request the soft-phone makes goes through the shared client: counted here.
const posts = vi.hoisted(() => ({
  paths: [] as string[],
  bodies: [] as unknown[],
  reply: null as null | ((path: string) => Promise<unknown>),
}));
vi.mock('../../../shared/http/client', () => {
  const client = {
    post: (path: string, body?: unknown) => {
      posts.paths.push(path);
      posts.bodies.push(body);
      return posts.reply ? posts.reply(path) : Promise.resolve({ code: 0, data: null });
    },
  };
  // The shared client too: the 话术 panel asks the library through it.
  return { createHttp: () => client, http: client };
});
const phone = vi.hoisted(() => ({ resumed: 0 }));
vi.mock('../lazyPhone', () => ({
  loadPhone: vi.fn(async () => ({
    resumeOnline: async () => {
      phone.resumed += 1;
    },
  })),
  loadedPhone: () => null,
  withPhone: () => () => undefined,
}));

const { SoftphoneWidget, isSoftphoneUser, useSoftphone } = await import('../index');
const { initialPhoneState } = await import('../machine');
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

/** The dock inside the shell's query cache, as the 话术 panel needs it. */
const renderDockInShell = (props: TDockScripts = {}) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <SoftphoneWidget {...props} />
      </App>
    </QueryClientProvider>,
  );

/** The soft-phone only for people with a soft-phone seat, saying the server's own reason. */
describe('the soft-phone dock', () => {
  beforeEach(() => {
    posts.paths.length = 0;
    posts.bodies.length = 0;
    posts.reply = null;
    phone.resumed = 0;
    useSoftphone.getState().apply(initialPhoneState);
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
    await waitFor(() => expect(posts.paths).toEqual(['/base/crm/querySipPassword']));
  });

  it('says 重新连接中… while the phone wins the SIP server back by itself, with 下线 to give up', async () => {
    useUserStore.getState().setUser(user({}));
    useSoftphone.getState().apply({ ...initialPhoneState, line: 'reconnecting' });
    renderDock();
    expect((await screen.findByTestId('softphone-line')).textContent).toBe('重新连接中…');
    expect(screen.getByTestId('softphone-offline').textContent?.replace(/\s/g, '')).toBe('下线');
    expect(screen.queryByTestId('softphone-online')).toBeNull();
  });

  it('offers 话术 only to a reader of the library', async () => {
    useUserStore.getState().setUser(user({}));
    renderDock();
    await screen.findByTestId('softphone');
    expect(screen.queryByTestId('script-panel-toggle')).toBeNull();
  });

  it('keeps the 话术 panel open, with what was searched, while a call rings and connects, the hang-up in reach', async () => {
    posts.reply = (path) =>
      Promise.resolve({
        code: 0,
        data: path.endsWith('/library/page') ? { records: [], total: 0, size: 20, current: 1, pages: 1 } : null,
      });
    useUserStore.getState().setUser(user({ permissions: [ResourcePerm.view] }));
    renderDockInShell();
    fireEvent.click(await screen.findByTestId('script-panel-toggle'));
    const panel = await screen.findByTestId('script-panel');
    const search = within(panel).getByPlaceholderText('搜索话术、文件（标题、内容、标签）') as HTMLInputElement;
    fireEvent.change(search, { target: { value: '续费' } });
    for (const call of ['outgoing', 'ringing', 'inCall'] as const) {
      useSoftphone.getState().apply({ ...initialPhoneState, line: 'online', call, peer: '客户号码', direction: 'out' });
      await screen.findByTestId('softphone-hangup');
    }
    expect(screen.getByTestId('script-panel')).toBe(panel);
    expect(search.value).toBe('续费');
    expect(document.querySelector('.ant-drawer-open')).toBeTruthy();
  });

  it('lists the script of the task the call was dialled within first, tagged 任务话术, before the line’s', async () => {
    const row = { folderId: null, folderName: null, sectionCount: 1, file: null, tags: [], visibility: 'all' };
    const more = { ownerName: '张明', useCount: 0, lastUsedAt: null, createdAt: '2026-01-01 00:00:00' };
    const linked = [
      { ...row, ...more, id: 41, kind: 'script', title: '回访开场', origin: 'task', updatedAt: more.createdAt },
      { ...row, ...more, id: 42, kind: 'script', title: '线路开场', origin: 'line', updatedAt: more.createdAt },
    ];
    posts.reply = (path) =>
      Promise.resolve({
        code: 0,
        data: path.endsWith('/library/linked')
          ? linked
          : path.endsWith('/library/page')
            ? { records: [], total: 0, size: 20, current: 1, pages: 1 }
            : null,
      });
    useUserStore.getState().setUser(user({ permissions: [ResourcePerm.view] }));
    renderDockInShell({ scriptLineId: 5, scriptTaskId: 9 });
    fireEvent.click(await screen.findByTestId('script-panel-toggle'));
    const own = await screen.findByTestId('script-panel-linked');
    const items = within(own).getAllByRole('button');
    expect(items.map((b) => b.getAttribute('data-testid'))).toEqual([
      'script-panel-linked-41',
      'script-panel-linked-42',
    ]);
    expect(items[0]!.textContent).toContain('任务话术');
    expect(posts.bodies[posts.paths.findIndex((p) => p.endsWith('/library/linked'))]).toEqual({ taskId: 9, lineId: 5 });
  });

  it('asks the phone to go online again once its config is loaded (it does when this tab was online before a reload)', async () => {
    posts.reply = () =>
      Promise.resolve({
        code: 0,
        data: { key: 'e100001-5', passWord: 'p', wsUrl: 'ws://127.0.0.1:5066', realm: 'sip.yunhu.test' },
      });
    useUserStore.getState().setUser(user({}));
    renderDock();
    await waitFor(() => expect(phone.resumed).toBe(1));
  });
});
