import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dockMark } from '../../../shared/layout/dockInset';
import { itemOf, rowOf } from '../pages/fixtures.test-kit';
import { ScriptButton } from './ScriptButton';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  saveHref: vi.fn(),
  download: vi.fn(),
  upload: vi.fn(),
}));
let canRead = true;
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => canRead }));

const r = routeTables.resource;
const script = rowOf();
const priceList = rowOf({
  id: 2,
  kind: 'file',
  title: '2026价目表',
  sectionCount: 0,
  tags: ['价格'],
  file: { name: `${'a'.repeat(32)}.png`, originalName: '价目表.png', type: 'png', size: 2048 },
});
const taskScript = rowOf({ id: 7, title: '回访任务话术', tags: [], useCount: 0 });
const lineScript = rowOf({ id: 8, title: '回拨线路话术', tags: [], useCount: 0 });
/** What the server names for the call in hand (the task's, then the line's). */
let linked: unknown[] = [];
const pageOf = <T,>(records: T[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });
const pageRequests = () => callMock.mock.calls.filter(([route]) => route === r.libraryPage).map(([, input]) => input);

const renderButton = (children = <ScriptButton />) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{children}</App>
    </QueryClientProvider>,
  );

const openPanel = async () => {
  fireEvent.click(screen.getByTestId('script-panel-toggle'));
  return screen.findByTestId('script-panel');
};

describe('the 话术 panel', () => {
  beforeEach(() => {
    canRead = true;
    linked = [];
    callMock.mockReset();
    callMock.mockImplementation(async (route, input: { kind?: string; keyword?: string }) => {
      if (route === r.libraryPage) {
        const rows = input.kind === 'script' ? [script] : [priceList];
        return pageOf(rows.filter((row) => !input.keyword || row.title.includes(input.keyword)));
      }
      if (route === r.libraryLinked) return linked;
      if (route === r.libraryInfo) return itemOf();
      if (route === r.libraryUse) return { useCount: 5 };
      if (route === r.libraryLink) return { url: '/base/resource/library/file/2/x.png?exp=1&sig=ab', expiresAt: 1 };
      if (route === routeTables.crmSettings.quickList)
        return [
          { id: 1, content: '稍后给您回电', isShared: true, sort: 0 },
          { id: 2, content: '资料已发到您的微信', isShared: false, sort: 1 },
        ];
      return null;
    });
  });
  afterEach(() => document.querySelector('[data-shell-dock]')?.remove());

  it('is not offered to a person who may not read the library, and asks nothing', async () => {
    canRead = false;
    renderButton();
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.queryByTestId('script-panel-toggle')).toBeNull();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('asks nothing until opened, then lists the scripts before the files, most used first', async () => {
    renderButton();
    await new Promise((done) => setTimeout(done, 20));
    expect(callMock).not.toHaveBeenCalled();
    const panel = await openPanel();
    expect(await within(panel).findByText('续费话术')).toBeTruthy();
    expect(await within(panel).findByText('2026价目表')).toBeTruthy();
    const [scripts, files] = [
      within(panel).getByTestId('script-panel-scripts'),
      within(panel).getByTestId('script-panel-files'),
    ];
    expect(scripts.compareDocumentPosition(files) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(pageRequests()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'script', sort: 'uses', page: 1 }),
        expect.objectContaining({ kind: 'file', sort: 'uses', page: 1 }),
      ]),
    );
  });

  it('shows the task’s script first, then the line’s, each marked, before the most used ones', async () => {
    linked = [
      { ...taskScript, origin: 'task' },
      { ...lineScript, origin: 'line' },
    ];
    const mostUsed = [lineScript, script];
    callMock.mockImplementation(async (route, input: { kind?: string }) => {
      if (route === r.libraryLinked) return linked;
      if (route === r.libraryPage) return pageOf(input.kind === 'script' ? mostUsed : [priceList]);
      return null;
    });
    renderButton(<ScriptButton taskId={3} lineId={5} />);
    const panel = await openPanel();
    const own = await within(panel).findByTestId('script-panel-linked');
    await within(panel).findByText('续费话术');
    expect(callMock).toHaveBeenCalledWith(r.libraryLinked, { taskId: 3, lineId: 5 });
    const order = [
      ...panel.querySelectorAll('[data-testid^="script-panel-linked-"], [data-testid^="script-panel-item-"]'),
    ];
    expect(order.map((b) => b.textContent)).toEqual([
      '回访任务话术任务话术',
      '回拨线路话术线路话术',
      '续费话术续费',
      '2026价目表价格',
    ]);
    expect(
      own.compareDocumentPosition(within(panel).getByTestId('script-panel-scripts')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // The line's script is listed once: first and marked, not again among the most used.
    expect(within(panel).queryByTestId('script-panel-item-8')).toBeNull();
    // A search looks through the whole library instead.
    fireEvent.change(within(panel).getByPlaceholderText('搜索话术、文件（标题、内容、标签）'), {
      target: { value: '续费' },
    });
    await waitFor(() => expect(within(panel).queryByTestId('script-panel-linked')).toBeNull());
  });

  it('asks for no call scripts where the opener names neither task nor line', async () => {
    renderButton();
    const panel = await openPanel();
    await within(panel).findByText('续费话术');
    expect(within(panel).queryByTestId('script-panel-linked')).toBeNull();
    expect(callMock.mock.calls.some(([route]) => route === r.libraryLinked)).toBe(false);
  });

  it('searches both kinds by the words typed', async () => {
    renderButton();
    const panel = await openPanel();
    await within(panel).findByText('续费话术');
    fireEvent.change(within(panel).getByPlaceholderText('搜索话术、文件（标题、内容、标签）'), {
      target: { value: '价目' },
    });
    await waitFor(() => expect(within(panel).queryByText('续费话术')).toBeNull());
    expect(within(panel).getByText('2026价目表')).toBeTruthy();
    expect(
      pageRequests()
        .filter((q) => q.keyword === '价目')
        .map((q) => q.kind),
    ).toEqual(expect.arrayContaining(['script', 'file']));
    fireEvent.change(within(panel).getByPlaceholderText('搜索话术、文件（标题、内容、标签）'), {
      target: { value: '没有这个' },
    });
    expect(await within(panel).findByText('没有找到可查看的话术或文件')).toBeTruthy();
  });

  it('reads a script part by part, and a copied part counts one use', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderButton();
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByTestId('script-panel-item-1'));
    const reader = await within(panel).findByTestId('script-panel-reader');
    expect(await within(reader).findByText('您好，我是演示科技的顾问小王。')).toBeTruthy();
    expect(within(reader).getByText('客户问题：太贵了')).toBeTruthy();
    expect(within(reader).getByText('应答话术：按分钟计费，没有月租。')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(r.libraryInfo, { id: 1 });
    fireEvent.click(within(within(reader).getByTestId('script-section-0')).getByText('复制'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('开场白\n您好，我是演示科技的顾问小王。'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.libraryUse, { id: 1 }));
    expect(callMock.mock.calls.filter(([route]) => route === r.libraryUse)).toHaveLength(1);
    fireEvent.click(within(reader).getByText('返回列表'));
    expect(await within(panel).findByText('2026价目表')).toBeTruthy();
  });

  it('shows the quick replies, searched and copied, counting nothing', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderButton();
    const panel = await openPanel();
    fireEvent.click(within(panel).getByText('快捷回复'));
    expect(await within(panel).findByText('稍后给您回电')).toBeTruthy();
    fireEvent.change(within(panel).getByPlaceholderText('搜索快捷回复'), { target: { value: '微信' } });
    await waitFor(() => expect(within(panel).queryByText('稍后给您回电')).toBeNull());
    fireEvent.click(within(panel).getByText('复制'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('资料已发到您的微信'));
    expect(callMock.mock.calls.some(([route]) => route === r.libraryUse)).toBe(false);
  });

  it('stops above the soft-phone dock and leaves the page usable: no mask, so no focus trap either', async () => {
    const dock = document.createElement('div');
    for (const [name, value] of Object.entries(dockMark)) dock.setAttribute(name, value);
    dock.getBoundingClientRect = () => ({ height: 96 }) as DOMRect;
    document.body.appendChild(dock);
    renderButton();
    const panel = await openPanel();
    const root = panel.closest('.ant-drawer') as HTMLElement;
    await waitFor(() => expect(root.style.bottom).toBe('96px'));
    expect(document.querySelector('.ant-drawer-mask')).toBeNull();
  });

  it('opens one panel at a time: the page’s button takes it over from the dock’s, and a second click closes it', async () => {
    renderButton(
      <>
        <ScriptButton size="small" />
        <ScriptButton />
      </>,
    );
    const [dockButton, pageButton] = screen.getAllByTestId('script-panel-toggle');
    fireEvent.click(dockButton!);
    await screen.findByTestId('script-panel');
    fireEvent.click(pageButton!);
    await waitFor(() => expect(document.querySelectorAll('.ant-drawer-open')).toHaveLength(1));
    fireEvent.click(pageButton!);
    await waitFor(() => expect(document.querySelectorAll('.ant-drawer-open')).toHaveLength(0));
  });
});
