import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { itemOf, rowOf } from './fixtures.test-kit';
import { LibraryPage } from './LibraryPage';

const callMock = vi.fn();
const saveHrefMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  saveHref: (...args: unknown[]) => saveHrefMock(...args),
  download: vi.fn(),
  upload: vi.fn(),
}));
let canManage = false;
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => canManage }));

const r = routeTables.resource;
const pdfRow = rowOf({
  id: 2,
  kind: 'file',
  title: '2026价目表',
  sectionCount: 0,
  tags: ['价格'],
  file: { name: `${'a'.repeat(32)}.pdf`, originalName: '价目表.pdf', type: 'pdf', size: 2048 },
});

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <LibraryPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const pageRequests = () => callMock.mock.calls.filter(([route]) => route === r.libraryPage).map(([, input]) => input);

describe('LibraryPage', () => {
  beforeEach(() => {
    // The PDF preview's frame is checked by its address; happy-dom would otherwise fetch it.
    (
      window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }
    ).happyDOM.settings.disableIframePageLoading = true;
    canManage = false;
    callMock.mockReset();
    saveHrefMock.mockReset();
    callMock.mockImplementation(async (route, input: { id?: number }) => {
      if (route === r.libraryPage) return { records: [rowOf(), pdfRow], total: 2, size: 20, current: 1, pages: 1 };
      if (route === r.folderList) return [{ id: 3, name: '销售话术', sort: 0, itemCount: 1 }];
      if (route === r.libraryTags) return ['价格', '续费'];
      if (route === r.libraryInfo) return input.id === 2 ? itemOf({ ...pdfRow, sections: [] }) : itemOf();
      if (route === r.libraryLink) return { url: '/base/resource/library/file/2/x.pdf?exp=1&sig=ab', expiresAt: 1 };
      if (route === r.libraryUse) return { useCount: 5 };
      if (route === routeTables.crmSettings.quickList)
        return [{ id: 1, content: '稍后给您回电', isShared: true, sort: 0 }];
      return null;
    });
  });

  it('shows a reader the folders and the items, and nothing to write with', async () => {
    renderAt('/');
    expect(await screen.findByText('续费话术')).toBeTruthy();
    expect(screen.getByText('2026价目表')).toBeTruthy();
    expect(await screen.findByText('销售话术 (1)')).toBeTruthy();
    expect(screen.getByText('未分类')).toBeTruthy();
    expect(screen.queryByTestId('resource-new-script')).toBeNull();
    expect(screen.queryByText('新建文件夹')).toBeNull();
    expect(screen.queryByTestId('resource-edit-1')).toBeNull();
  });

  it('lists the folder chosen on the left, keeping it with the filter taken from the URL', async () => {
    renderAt(`/?filter=${encodeURIComponent(JSON.stringify({ keyword: '续费' }))}`);
    await screen.findByText('续费话术');
    expect(pageRequests()[0]).toMatchObject({ keyword: '续费', page: 1 });
    fireEvent.click(await screen.findByText('销售话术 (1)'));
    await waitFor(() => expect(pageRequests().at(-1)).toMatchObject({ keyword: '续费', folderId: 3, page: 1 }));
    fireEvent.click(screen.getByText('未分类'));
    await waitFor(() => expect(pageRequests().at(-1)).toMatchObject({ folderId: 0 }));
  });

  it('reads a script part by part and copies a part, counting the use', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/');
    fireEvent.click(await screen.findByTestId('resource-open-1'));
    const view = await screen.findByTestId('resource-view');
    expect(within(view).getByText('您好，我是演示科技的顾问小王。')).toBeTruthy();
    expect(within(view).getByText('客户问题：太贵了')).toBeTruthy();
    expect(within(view).getByText('应答话术：按分钟计费，没有月租。')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('script-section-1')).getByText('复制'));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('异议处理\n客户问题：太贵了\n应答话术：按分钟计费，没有月租。'),
    );
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.libraryUse, { id: 1 }));
  });

  it('previews a PDF by its signed address and downloads it under its own name', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('resource-open-2'));
    const frame = (await screen.findByTitle('价目表.pdf')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/base/resource/library/file/2/x.pdf?exp=1&sig=ab');
    fireEvent.click(screen.getByTestId('resource-download'));
    await waitFor(() =>
      expect(saveHrefMock).toHaveBeenCalledWith('/base/resource/library/file/2/x.pdf?exp=1&sig=ab', '价目表.pdf'),
    );
  });

  it('shows the quick replies on their own tab', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByText('快捷回复'));
    expect(await screen.findByText('稍后给您回电')).toBeTruthy();
    expect(screen.getByText('企业')).toBeTruthy();
  });

  it('offers a manager new scripts and files, folders, editing and deleting', async () => {
    canManage = true;
    renderAt('/');
    await screen.findByText('续费话术');
    expect(screen.getByTestId('resource-new-script')).toBeTruthy();
    expect(screen.getByTestId('resource-new-file')).toBeTruthy();
    expect(screen.getByText('新建文件夹')).toBeTruthy();
    fireEvent.click(screen.getByTestId('resource-edit-1'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.libraryInfo, { id: 1 }));
    expect(await screen.findByTestId('resource-item-modal')).toBeTruthy();
  });
});
