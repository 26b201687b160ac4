import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useBrandStore } from '../../../shared/stores/brand';
import { UserHandlePage } from './UserHandlePage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <UserHandlePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** 操作指南 is the one guide: a link elsewhere only when the brand has a guide of its own. */
describe('UserHandlePage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockResolvedValue({ menuList: [], permissions: [] });
  });

  it('links no other guide when the brand has none of its own', async () => {
    useBrandStore.setState((s) => ({ brand: { ...s.brand, user_guide: '' } }));
    renderPage();
    expect(await screen.findByTestId('guide-section-personalCenter')).toBeTruthy();
    expect(screen.queryByTestId('guide-link')).toBeNull();
  });

  it("links the brand's own guide when it sets one", async () => {
    useBrandStore.setState((s) => ({ brand: { ...s.brand, user_guide: 'https://example.com/manual.pdf' } }));
    renderPage();
    expect((await screen.findByTestId('guide-link')).getAttribute('href')).toBe('https://example.com/manual.pdf');
  });
});
