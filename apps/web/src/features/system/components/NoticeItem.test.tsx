import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { systemRoutes } from '@yunhu/contract';
import { List } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeItem } from './NoticeItem';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const notice = {
  id: 7,
  title: '停机维护',
  content: '今晚维护',
  publisher: '平台',
  link: null,
  createdAt: 0,
  isRead: false,
};

const renderItem = (isRead: boolean) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <List dataSource={[{ ...notice, isRead }]} renderItem={(n) => <NoticeItem notice={n} description="说明" />} />
    </QueryClientProvider>,
  );

describe('NoticeItem', () => {
  beforeEach(() => callMock.mockReset().mockResolvedValue(null));

  it('marks an unread notice read when opened, its title in bold', async () => {
    renderItem(false);
    expect(screen.getByText('停机维护').closest('strong')).not.toBeNull();
    fireEvent.click(screen.getByText('停机维护'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(systemRoutes.noticeRead, { ids: [7] }));
  });

  it('leaves a read notice alone', () => {
    renderItem(true);
    expect(screen.getByText('停机维护').closest('strong')).toBeNull();
    fireEvent.click(screen.getByText('停机维护'));
    expect(callMock).not.toHaveBeenCalled();
  });
});
