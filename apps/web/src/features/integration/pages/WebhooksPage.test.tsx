import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TDelivery, type TWebhookEndpoint } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhooksPage } from './WebhooksPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.integration;
const endpoint: TWebhookEndpoint = {
  id: 7,
  url: 'https://crm.example.com/hooks',
  description: '我们的CRM',
  events: ['call.finished', 'order.paid'],
  isEnabled: true,
  createdAt: 1_790_000_000_000,
  updatedAt: 1_790_000_000_000,
};
const failed: TDelivery = {
  id: 31,
  endpointId: 7,
  messageId: 'msg_abc',
  eventType: 'call.finished',
  state: 'failed',
  attempts: 5,
  lastStatus: 500,
  lastError: '接收方返回 HTTP 500',
  lastDurationMs: 42,
  lastAttemptAt: 1_790_000_100_000,
  nextAttemptAt: null,
  createdAt: 1_790_000_000_000,
};

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <WebhooksPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const requestsOf = (route: unknown) => callMock.mock.calls.filter(([x]) => x === route).map(([, input]) => input);

describe('WebhooksPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation(async (route) => {
      if (route === r.webhookList) return [endpoint];
      if (route === r.deliveryPage) return { records: [failed], total: 1, size: 20, current: 1, pages: 1 };
      if (route === r.deliveryResend) return { ...failed, state: 'pending' };
      if (route === r.webhookSecret) return { secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0' };
      if (route === r.webhookSave) return endpoint;
      return null;
    });
  });

  it('lists the endpoints with their events and state', async () => {
    renderAt('/');
    expect(await screen.findByText('https://crm.example.com/hooks')).toBeTruthy();
    expect(screen.getByText('通话结束')).toBeTruthy();
    expect(screen.getByText('订单支付')).toBeTruthy();
    expect(screen.getByText('已启用')).toBeTruthy();
    expect(requestsOf(r.deliveryPage)).toEqual([]);
  });

  it('opens the delivery log of the endpoint named in the URL with its state filter, and re-sends once', async () => {
    const filter = encodeURIComponent(JSON.stringify({ state: 'failed' }));
    renderAt(`/?endpoint=7&deliveries.filter=${filter}`);
    expect(await screen.findByText('接收方返回 HTTP 500')).toBeTruthy();
    expect(requestsOf(r.deliveryPage)[0]).toMatchObject({ endpointId: 7, state: 'failed', page: 1 });
    const resend = screen.getByTestId('webhook-resend-31');
    fireEvent.click(resend);
    fireEvent.click(resend);
    await waitFor(() => expect(requestsOf(r.deliveryResend)).toEqual([{ id: 31 }]));
  });

  it('shows the secret only when asked', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('webhook-secret-7'));
    expect(await screen.findByText('whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0')).toBeTruthy();
    expect(requestsOf(r.webhookSecret)).toEqual([{ id: 7 }]);
  });

  it('adds an endpoint with the events chosen', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('webhook-add'));
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://erp.example.com/in' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(requestsOf(r.webhookSave)[0]).toMatchObject({
        url: 'https://erp.example.com/in',
        events: ['call.finished'],
        isEnabled: true,
      }),
    );
  });
});
