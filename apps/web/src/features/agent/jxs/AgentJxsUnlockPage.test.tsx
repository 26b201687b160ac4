import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { agentRoutes, type TJxsLead } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { AgentJxsUnlockPage } from './AgentJxsUnlockPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = agentRoutes;
const lead = (id: number, companyName: string, mobile: string): TJxsLead => ({
  id,
  distributorId: 3,
  distributorName: '甲经销商',
  companyName,
  contactName: '王经理',
  mobile,
  industry: '教育',
  region: '浙江',
  status: 'new',
  enterpriseId: null,
  enterpriseName: null,
  movedAt: null,
  createdAt: Date.UTC(2026, 10, 25, 4),
});
const leads = [lead(1, '线索公司一', '13933330001'), lead(2, '线索公司二', '13933330002')];

const answer = (route: unknown) => {
  if (route === r.jxsUnlockPage) return { records: leads, total: 2, current: 1, size: 20, pages: 1 };
  if (route === r.jxsUnlockEnterprises) return [{ id: 21, name: '甲经销商客户一', status: 'active' }];
  if (route === r.jxsUnlockMoveCrm)
    return {
      moved: 1,
      alreadyMoved: 0,
      refused: [{ id: 2, companyName: '线索公司二', reason: '该手机号已是您的客户' }],
    };
  return null;
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <AgentJxsUnlockPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The open 转入企业CRM dialog (a warning of an earlier move may still be in the document). */
const moveDialog = async () => {
  await waitFor(() =>
    expect(screen.getAllByRole('dialog').some((d) => within(d).queryByTestId('jxs-move-enterprise'))).toBe(true),
  );
  return screen.getAllByRole('dialog').find((d) => within(d).queryByTestId('jxs-move-enterprise'))!;
};

/** 解锁名单: the selected leads move into the chosen enterprise; what the CRM refused is shown with its reason. */
describe('AgentJxsUnlockPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(answer(route)));
    useUserStore.setState({ permissions: ['agent:jxs:unlock'] });
  });

  it('moves the selected leads into the chosen enterprise and lists the refused ones', async () => {
    renderPage();
    await screen.findByText('线索公司一');
    const boxes = screen.getAllByRole('checkbox');
    // The header's box selects the page.
    fireEvent.click(boxes[0]!);
    fireEvent.click(await screen.findByTestId('jxs-move-crm'));
    const dialog = await moveDialog();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    const option = await screen.findAllByText('甲经销商客户一');
    fireEvent.click(option[option.length - 1]!);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.jxsUnlockMoveCrm, { ids: [1, 2], enterpriseId: 21 }));
    expect(await screen.findByText('线索公司二：该手机号已是您的客户')).toBeTruthy();
  });

  it('does not move without an enterprise', async () => {
    renderPage();
    await screen.findByText('线索公司一');
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(await screen.findByTestId('jxs-move-crm'));
    const dialog = await moveDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('请选择转入的企业')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.jxsUnlockMoveCrm, expect.anything());
  });
});
