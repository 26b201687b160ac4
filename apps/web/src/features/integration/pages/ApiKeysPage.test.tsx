import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TApiKey } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiKeysPage } from './ApiKeysPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const r = routeTables.integration;
const key: TApiKey = {
  id: 4,
  name: '对接CRM',
  prefix: 'yk_AbCdEfGh',
  permissions: ['crm:customer:list'],
  createdByName: '张明',
  createdAt: 1_790_000_000_000,
  lastUsedAt: null,
  revokedAt: null,
};
const whole = `yk_AbCdEfGh${'x'.repeat(35)}`;

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <ApiKeysPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const requestsOf = (route: unknown) => callMock.mock.calls.filter(([x]) => x === route).map(([, input]) => input);

describe('ApiKeysPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation(async (route) => {
      if (route === r.keyList) return [key];
      if (route === r.keyPermissions) return [{ perm: 'crm:customer:list', summaries: ['我的客户', '客户详情'] }];
      if (route === r.keyCreate) return { key: whole, apiKey: key };
      if (route === r.keyRevoke) return { ...key, revokedAt: 1_790_000_100_000 };
      return null;
    });
  });

  it('lists keys by prefix, never whole, with their permissions and 从未使用', async () => {
    renderPage();
    expect(await screen.findByText('yk_AbCdEfGh…')).toBeTruthy();
    expect(screen.getByText('crm:customer:list')).toBeTruthy();
    expect(screen.getByText('从未使用')).toBeTruthy();
  });

  it('creates a key with the permissions chosen and shows it once', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('apikey-add'));
    fireEvent.change(await screen.findByTestId('apikey-name'), { target: { value: '对接ERP' } });
    fireEvent.click(await screen.findByText('crm:customer:list', { selector: 'code' }));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(requestsOf(r.keyCreate)).toEqual([{ name: '对接ERP', permissions: ['crm:customer:list'] }]),
    );
    expect(await screen.findByText(whole)).toBeTruthy();
  });
});
