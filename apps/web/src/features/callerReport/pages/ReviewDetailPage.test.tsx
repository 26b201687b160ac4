import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { materialsOf, reportOf } from './fixtures.test-kit';
import { AgentReviewDetailPage, ReviewDetailPage } from './ReviewDetailPage';

const callMock = vi.fn();
const saveHrefMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: vi.fn(),
  saveHref: (...args: unknown[]) => saveHrefMock(...args),
  upload: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.callerReport;

const renderPage = (page = <ReviewDetailPage />) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/?id=7']}>
        <App>{page}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('ReviewDetailPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    saveHrefMock.mockReset();
    callMock.mockImplementation(async (route, input) =>
      route === r.reviewInfo
        ? { report: reportOf(), materials: materialsOf() }
        : route === r.documentLink
          ? { url: `/base/data/apply/doc/2/${input.name}?exp=1&sig=ab`, expiresAt: 1 }
          : null,
    );
  });

  it('shows the report beside the materials it was submitted with, the ID number masked', async () => {
    renderPage();
    expect(await screen.findByText('057188881002')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(r.reviewInfo, { id: 7 });
    expect(screen.getByText('第 2 版')).toBeTruthy();
    expect(screen.getByText('110***********002X')).toBeTruthy();
    // A document is saved under its own name through the short-lived address the server signed.
    fireEvent.click(screen.getByRole('button', { name: '通话话术文件' }));
    const name = `${'b'.repeat(32)}.docx`;
    expect(callMock).toHaveBeenCalledWith(r.documentLink, { name });
    await waitFor(() =>
      expect(saveHrefMock).toHaveBeenCalledWith(`/base/data/apply/doc/2/${name}?exp=1&sig=ab`, '话术.docx'),
    );
  });

  it('asks for a reason before it rejects, then sends it', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '驳 回' }));
    const dialog = await screen.findByTestId('reject-form');
    fireEvent.click(dialog.querySelector('.ant-btn-primary')!);
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.reviewExamine, expect.anything());
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '话术与使用场景不符' } });
    fireEvent.click(dialog.querySelector('.ant-btn-primary')!);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.reviewExamine, { id: 7, pass: false, reason: '话术与使用场景不符' }),
    );
  });

  it('offers no decision on a report already decided', async () => {
    callMock.mockImplementation(async () => ({
      report: reportOf({ state: 'rejected', reason: '资料不清晰', reviewer: '平台运营' }),
      materials: materialsOf(),
    }));
    renderPage();
    expect(await screen.findByText('资料不清晰')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '驳 回' })).toBeNull();
    expect(screen.queryByRole('button', { name: '通 过' })).toBeNull();
  });

  it('at an agent’s desk asks the agent’s routes for the report, its documents and the decision', async () => {
    const a = routeTables.callerReportAgent;
    callMock.mockImplementation(async (route, input) =>
      route === a.agentReviewInfo
        ? { report: reportOf(), materials: materialsOf() }
        : route === a.agentReviewDocument
          ? { url: `/base/data/apply/doc/2/${input.name}?exp=1&sig=cd`, expiresAt: 1 }
          : null,
    );
    renderPage(<AgentReviewDetailPage />);
    expect(await screen.findByText('057188881002')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(a.agentReviewInfo, { id: 7 });
    fireEvent.click(screen.getByRole('button', { name: '通话话术文件' }));
    await waitFor(() => expect(saveHrefMock).toHaveBeenCalled());
    expect(callMock).toHaveBeenCalledWith(a.agentReviewDocument, { name: `${'b'.repeat(32)}.docx` });
    fireEvent.click(screen.getByRole('button', { name: '驳 回' }));
    const dialog = await screen.findByTestId('reject-form');
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '资料不全' } });
    fireEvent.click(dialog.querySelector('.ant-btn-primary')!);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(a.agentReviewExamine, { id: 7, pass: false, reason: '资料不全' }),
    );
    expect(callMock).not.toHaveBeenCalledWith(r.reviewInfo, expect.anything());
  });
});
