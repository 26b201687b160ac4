import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TFeedbackDetail } from '@yunhu/contract';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedbackDrawer } from './FeedbackDrawer';
import { FeedbackSendModal } from './FeedbackSendModal';

const callMock = vi.fn();
const uploadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: (...args: unknown[]) => uploadMock(...args),
  download: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>{node}</App>
    </QueryClientProvider>,
  );

const pick = (name: string) =>
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, {
    target: { files: [new File(['x'], name, { type: 'image/png' })] },
  });

describe('FeedbackSendModal', () => {
  beforeEach(() => {
    callMock.mockReset();
    uploadMock.mockReset();
  });

  it('checks the content before sending, then sends kind, text and the uploaded screenshots with one key', async () => {
    uploadMock
      .mockResolvedValueOnce({ url: '/base/sys/oss/file/a.png', name: 'a.png', size: 1, type: 'png' })
      .mockResolvedValueOnce({ url: '/base/sys/oss/file/b.png', name: 'b.png', size: 1, type: 'png' });
    callMock.mockResolvedValue({ id: 1 });
    wrap(<FeedbackSendModal open onClose={() => undefined} />);
    const ok = await screen.findByRole('button', { name: '提交反馈' });
    fireEvent.click(ok);
    expect(await screen.findByText('请选择反馈类型')).toBeTruthy();
    expect(screen.getByText('请输入反馈内容')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();

    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('问题'));
    fireEvent.change(screen.getByLabelText('反馈内容'), { target: { value: '外呼时偶尔听不到声音' } });
    pick('1.png');
    await waitFor(() => expect(uploadMock).toHaveBeenCalledTimes(1));
    pick('2.png');
    await waitFor(() => expect(screen.getAllByText('移除')).toHaveLength(2));
    expect(uploadMock).toHaveBeenCalledWith(
      expect.objectContaining({ path: routeTables.system.upload.path }),
      expect.any(File),
    );
    fireEvent.click(screen.getAllByText('移除')[0]!);
    fireEvent.click(ok);
    await waitFor(() => expect(callMock).toHaveBeenCalledTimes(1));
    expect(callMock).toHaveBeenCalledWith(
      expect.objectContaining({ path: routeTables.feedback.feedbackSend.path }),
      expect.objectContaining({
        kind: 'problem',
        content: '外呼时偶尔听不到声音',
        screenshots: ['/base/sys/oss/file/b.png'],
        requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      }),
    );
  });
});

describe('FeedbackDrawer', () => {
  const detail: TFeedbackDetail = {
    id: 7,
    tenantId: 2,
    enterpriseName: '演示科技有限公司',
    userId: 3,
    author: '李娜',
    kind: 'problem',
    content: '外呼时偶尔听不到声音',
    screenshots: [],
    state: 'replied',
    replyCount: 1,
    createdAt: 1_790_000_000_000,
    updatedAt: 1_790_000_000_000,
    closedAt: null,
    messages: [{ id: 1, side: 'platform', author: '平台', content: '已优化线路', createdAt: 1_790_000_100_000 }],
  };

  it('shows the thread to the sender and sends his follow-up', async () => {
    callMock.mockImplementation(async (route: { path: string }) =>
      route.path === routeTables.feedback.feedbackInfo.path ? detail : null,
    );
    wrap(<FeedbackDrawer id={7} side="user" onClose={() => undefined} />);
    expect((await screen.findByTestId('feedback-thread-item')).textContent).toContain('已优化线路');
    expect(screen.queryByRole('button', { name: '关 闭' })).toBeNull();
    fireEvent.change(screen.getByTestId('feedback-message'), { target: { value: '今天又出现了' } });
    fireEvent.click(screen.getByRole('button', { name: '补充说明' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        expect.objectContaining({ path: routeTables.feedback.feedbackAppend.path }),
        {
          id: 7,
          content: '今天又出现了',
        },
      ),
    );
  });

  it('lets the platform reply, and offers nothing to write once closed', async () => {
    callMock.mockImplementation(async (route: { path: string }) =>
      route.path === routeTables.feedback.feedbackPlatformInfo.path ? { ...detail, state: 'closed' } : null,
    );
    wrap(<FeedbackDrawer id={7} side="platform" onClose={() => undefined} />);
    expect(await screen.findByText('已关闭')).toBeTruthy();
    expect(screen.getByText('演示科技有限公司')).toBeTruthy();
    expect(screen.queryByTestId('feedback-message')).toBeNull();
  });
});
