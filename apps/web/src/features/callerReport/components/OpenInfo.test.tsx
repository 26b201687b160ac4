import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { routeTables, type TTenantOpenInfo } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OpenInfo } from './OpenInfo';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: vi.fn(),
  saveHref: vi.fn(),
  upload: vi.fn(),
}));

const renderInfo = (info: TTenantOpenInfo) => {
  callMock.mockResolvedValue(info);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OpenInfo />
    </QueryClientProvider>,
  );
};

describe('OpenInfo', () => {
  beforeEach(() => callMock.mockReset());

  it('says the enterprise cannot call yet while nothing is approved, and what it has sent', async () => {
    renderInfo({
      isAuditOn: true,
      materials: { version: 2, submitter: '张明', createdAt: Date.UTC(2026, 10, 30, 2, 5) },
      reports: { draft: 1, pending: 2, approved: 0, rejected: 1 },
      canCall: false,
    });
    expect(await screen.findByText('尚无审核通过的号码报备，暂不能外呼')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(routeTables.callerReport.tenantOpenInfo, {});
    expect(screen.getByText('第 2 版 · 张明 · 2026-11-30 10:05')).toBeTruthy();
    expect(screen.getByText('草稿 1 · 待审核 2 · 审核通过 0 · 驳回 1')).toBeTruthy();
  });

  it('says calls go out without reports while the platform’s 数据审核 is off', async () => {
    renderInfo({
      isAuditOn: false,
      materials: null,
      reports: { draft: 0, pending: 0, approved: 0, rejected: 0 },
      canCall: true,
    });
    expect(await screen.findByText('可以外呼')).toBeTruthy();
    expect(screen.getByText('未开启：外显号码无需报备即可外呼')).toBeTruthy();
    expect(screen.getByText('尚未提交资料')).toBeTruthy();
  });
});
