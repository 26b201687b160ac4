import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { billingRoutes } from '@yunhu/contract';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AnalysisRateCard } from './AnalysisRateCard';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const rate = (id: number, unitPrice: number) => ({
  id,
  unitPrice,
  validFrom: Date.UTC(2026, 11, 1),
  createdByName: '运营',
});

describe('AnalysisRateCard', () => {
  it('shows the rate in force, says free when none is set, and saves a new one in fen', async () => {
    callMock.mockImplementation(async (route) =>
      route === billingRoutes.analysisRateList
        ? [{ id: null, unitPrice: 0, validFrom: null, createdByName: '' }]
        : rate(3, 12),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <AnalysisRateCard />
        </App>
      </QueryClientProvider>,
    );
    const card = await screen.findByTestId('analysis-rate');
    await waitFor(() => expect(within(card).getByText('未设置（免费）')).toBeTruthy());
    fireEvent.click(within(card).getByRole('button', { name: '设置智能分析资费' }));
    const modal = await screen.findByTestId('analysis-rate-modal');
    fireEvent.change(within(modal).getByRole('spinbutton'), { target: { value: '0.12' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(billingRoutes.analysisRateSave, { unitPrice: 12 }));
  });
});
