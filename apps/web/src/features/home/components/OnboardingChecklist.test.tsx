import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TOnboardingChecklist } from '@yunhu/contract';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OnboardingChecklist } from './OnboardingChecklist';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const Where = () => <div data-testid="where">{useLocation().pathname}</div>;

const renderCard = (list: TOnboardingChecklist) => {
  callMock.mockResolvedValue(list);
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/menu/home']}>
        <Routes>
          <Route path="/menu/home" element={<OnboardingChecklist />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('OnboardingChecklist', () => {
  beforeEach(() => callMock.mockReset());

  it('shows 号码报备 as the next step and opens 报备记录', async () => {
    renderCard({
      steps: [
        { key: 'lines', isDone: true, count: 2 },
        { key: 'seats', isDone: true, count: 1 },
        { key: 'reporting', isDone: false, count: 0 },
        { key: 'minutes', isDone: false, count: 0 },
      ],
      isComplete: false,
    });
    const step = await screen.findByTestId('onboarding-reporting');
    expect(step.getAttribute('data-done')).toBe('false');
    expect(step.textContent).toContain('号码报备');
    fireEvent.click(screen.getByRole('button', { name: '去号码报备' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/menu/userdata/TelReport/telReport');
  });

  it('ticks 号码报备 once a number is approved', async () => {
    renderCard({
      steps: [
        { key: 'lines', isDone: true, count: 2 },
        { key: 'reporting', isDone: true, count: 3 },
        { key: 'minutes', isDone: false, count: 0 },
      ],
      isComplete: false,
    });
    const step = await screen.findByTestId('onboarding-reporting');
    expect(step.getAttribute('data-done')).toBe('true');
    expect(step.textContent).toContain('已有 3 个外显号码报备审核通过，可用于外呼');
  });

  it('has no reporting step when the server sends none (数据审核 off)', async () => {
    renderCard({ steps: [{ key: 'lines', isDone: false, count: 0 }], isComplete: false });
    await screen.findByTestId('onboarding-lines');
    expect(screen.queryByTestId('onboarding-reporting')).toBeNull();
  });
});
