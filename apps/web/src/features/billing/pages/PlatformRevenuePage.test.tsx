import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beijingOffsetMs, billingRoutes } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PlatformRevenuePage } from './PlatformRevenuePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

describe('PlatformRevenuePage', () => {
  it('asks for the ledger a shared link filters by enterprise, direction and days, and shows that filter', async () => {
    callMock.mockResolvedValue({ records: [], total: 0, size: 20, current: 1, pages: 0 });
    const filter = JSON.stringify({
      tenantId: '7',
      direction: 'in',
      range: [{ $d: '2026-11-01' }, { $d: '2026-11-02' }],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/platform/revenue?filter=${encodeURIComponent(filter)}`]}>
          <App>
            <PlatformRevenuePage />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(billingRoutes.platformRevenuePage, {
        page: 1,
        limit: 20,
        tenantId: 7,
        direction: 'in',
        from: Date.UTC(2026, 10, 1) - beijingOffsetMs,
        to: Date.UTC(2026, 10, 3) - beijingOffsetMs - 1,
      }),
    );
    // The ledger's conditions with the link's values in them.
    const labels = [...screen.getByTestId('list-filters').querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(['企业编号', '收支', '类型', '时间']);
    await waitFor(() => expect(screen.getByDisplayValue('7')).toBeTruthy());
    expect(screen.getByDisplayValue('2026-11-01')).toBeTruthy();
  });
});
