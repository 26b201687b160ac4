import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { renderCrm } from '../components/testUtils';
import type { TVisit } from './api';
import { UpListPage } from './UpListPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const s = routeTables.crmSettings;
const visit = (id: number, customerName: string, result: TVisit['result']): TVisit => ({
  id,
  customerId: id + 100,
  customerName,
  customerMobile: '13912345678',
  content: `${customerName}的回访`,
  result,
  visitAt: 1_700_000_000_000,
  userName: '李四',
  deptName: '销售部',
  createdAt: 1_700_000_000_000,
});

describe('UpListPage', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.visitList, Perm.visitAdd, Perm.visitDelete]);
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === s.visitPagePlus)
        return Promise.resolve({
          records: [visit(1, '张三', 'satisfied'), visit(2, '王五', 'unsatisfied')],
          total: 7,
          size: 20,
          current: 1,
          pages: 1,
          counts: [
            { result: 'satisfied', count: 4 },
            { result: 'unsatisfied', count: 3 },
          ],
        });
      return Promise.resolve(null);
    });
  });

  it('shows the rows and the count of each result', async () => {
    renderCrm(<UpListPage />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('王五的回访')).toBeTruthy();
    expect(screen.getAllByText('139****5678')).toHaveLength(2);
    expect(callMock).toHaveBeenCalledWith(s.visitPagePlus, { page: 1, limit: 20 });

    const summary = await screen.findByTestId('crm-visit-summary');
    expect(within(summary).getByText('共 7 次回访')).toBeTruthy();
    const countOf = (label: string) =>
      within(summary).getByText(label).closest('.ant-space-item')?.nextElementSibling?.textContent;
    expect(countOf('满意')).toBe('4');
    expect(countOf('不满意')).toBe('3');
    expect(countOf('一般')).toBe('0');
    expect(countOf('未联系上')).toBe('0');
  });

  it('deletes the selected visits after the confirmation', async () => {
    renderCrm(<UpListPage />);
    const row = (await screen.findByText('王五')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByText('已选 1 项')).toBeTruthy());
    expect((screen.getByTestId('crm-visit-delete') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('crm-visit-delete'));
    expect(await screen.findByText('确定删除选中的 1 条回访记录吗？删除后不能恢复。')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(s.visitDelete, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(s.visitDelete, { ids: [2] }));
    // The list and its counts are asked again.
    await waitFor(() => expect(callMock.mock.calls.filter(([route]) => route === s.visitPagePlus)).toHaveLength(2));
  });

  it('adds a visit for the customer with a mobile', async () => {
    renderCrm(<UpListPage />);
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('crm-visit-add'));
    const modal = await screen.findByTestId('crm-visit-modal');
    fireEvent.change(within(modal).getByTestId('crm-visit-mobile'), { target: { value: '139 1234 5678' } });
    fireEvent.click(within(modal).getByLabelText('满意'));
    fireEvent.change(within(modal).getByTestId('crm-visit-content'), { target: { value: '对服务满意' } });
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(s.visitAdd, expect.anything()));
    const [, sent] = callMock.mock.calls.find(([route]) => route === s.visitAdd) ?? [];
    expect(sent).toMatchObject({ mobile: '139 1234 5678', result: 'satisfied', content: '对服务满意' });
    expect(sent.customerId).toBeUndefined();
    expect(Math.abs(sent.visitAt - Date.now())).toBeLessThan(60_000);
  });
});
