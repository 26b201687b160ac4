import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { agentRoutes } from '@yunhu/contract';
import { App } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticePublishModal } from './NoticePublishModal';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

type TPublished = { requestKey: string; audience: string; enterpriseIds: number[] };
const publishedKeys = () =>
  callMock.mock.calls.filter(([route]) => route === agentRoutes.noticePublish).map(([, input]) => input as TPublished);

let closes = 0;

/** The page's part: a button that opens the dialog again after it closed. */
const Harness = () => {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <NoticePublishModal
        open={open}
        onClose={() => {
          closes += 1;
          setOpen(false);
        }}
      />
    </>
  );
};

const renderModal = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <Harness />
      </App>
    </QueryClientProvider>,
  );

const fillAndDoubleClick = async () => {
  fireEvent.change((await screen.findAllByLabelText('标题')).at(-1)!, { target: { value: '线路维护' } });
  fireEvent.change(screen.getAllByLabelText('内容').at(-1)!, { target: { value: '今晚维护' } });
  const ok = screen.getAllByRole('button', { name: /发布公告/ }).at(-1)!;
  fireEvent.click(ok);
  fireEvent.click(ok);
};

/** 发布公告: a double click sends one request key (the server publishes once per key); a new opening, a new key. */
describe('NoticePublishModal', () => {
  beforeEach(() => {
    callMock.mockReset();
    closes = 0;
    callMock.mockImplementation((route) =>
      Promise.resolve(route === agentRoutes.enterprisePage ? { records: [], total: 0 } : { id: 1 }),
    );
  });

  it('sends the same request key for both clicks of a double click, and a fresh one when reopened', async () => {
    renderModal();
    await fillAndDoubleClick();
    await waitFor(() => expect(publishedKeys().length).toBeGreaterThan(0));
    const first = publishedKeys();
    expect(new Set(first.map((p) => p.requestKey)).size).toBe(1);
    expect(first[0]).toMatchObject({ audience: 'all', enterpriseIds: [] });
    expect(first[0]!.requestKey).toMatch(/^[A-Za-z0-9-]{8,64}$/);

    // Published: the dialog closed, then the page opens it again.
    await waitFor(() => expect(closes).toBeGreaterThan(0));
    fireEvent.click(screen.getByText('reopen'));
    const before = publishedKeys().length;
    await fillAndDoubleClick();
    await waitFor(() => expect(publishedKeys().length).toBeGreaterThan(before));
    const second = publishedKeys().slice(before);
    expect(new Set(second.map((p) => p.requestKey)).size).toBe(1);
    expect(second[0]!.requestKey).not.toBe(first[0]!.requestKey);
  });
});
