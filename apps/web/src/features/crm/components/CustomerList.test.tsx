import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { CustomerList } from './CustomerList';
import { customer, renderCrm } from './testUtils';

const callMock = vi.fn();
const downloadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: (...args: unknown[]) => downloadMock(...args),
}));

const r = routeTables;
const page = (records: unknown[]) => ({ records, total: records.length, size: 20, current: 1, pages: 1 });

describe('CustomerList', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.customerList, Perm.customerExport, Perm.customerRelease]);
    callMock.mockReset();
    downloadMock.mockReset().mockResolvedValue('我的客户.xlsx');
    callMock.mockImplementation((route) => {
      if (route === r.crm.customerPage)
        return Promise.resolve(
          page([customer(), customer({ id: 2, name: '王五', isMobileMasked: true, mobile: '138****0000' })]),
        );
      if (route === r.crmSettings.screenConfigGet) return Promise.resolve({ savedFilters: [] });
      if (route === r.crmSettings.rulesGet) return Promise.resolve({ remindBeforeDays: 3 });
      return Promise.resolve([]);
    });
  });

  it('shows the rows, then sends the filter and the sort to the server', async () => {
    renderCrm(<CustomerList pool="private" title="我的客户" />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByText('王五')).toBeTruthy();
    expect(screen.getByText('139****5678')).toBeTruthy();
    expect(screen.getAllByText('重点')).toHaveLength(2);
    expect(callMock).toHaveBeenCalledWith(r.crm.customerPage, { page: 1, limit: 20 });

    fireEvent.change(screen.getByTestId('crm-filter-keyword'), { target: { value: ' 张 ' } });
    fireEvent.change(screen.getByPlaceholderText('4位以上数字'), { target: { value: '1391' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.crm.customerPage, { page: 1, limit: 20, keyword: '张', mobile: '1391' }),
    );

    const header = screen.getAllByText('创建时间').find((el) => el.closest('th'));
    if (!header) throw new Error('no 创建时间 column');
    fireEvent.click(header);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.crm.customerPage, {
        page: 1,
        limit: 20,
        keyword: '张',
        mobile: '1391',
        sortField: 'createdAt',
        sortOrder: 'ascend',
      }),
    );

    fireEvent.click(screen.getByTestId('crm-export'));
    await waitFor(() =>
      expect(downloadMock).toHaveBeenCalledWith(
        r.crmImport.exportCustomers,
        { keyword: '张', mobile: '1391', sortField: 'createdAt', sortOrder: 'ascend', pool: 'private', ids: undefined },
        '我的客户.xlsx',
      ),
    );
  });

  it('offers the 负责人 condition in his own pool only, with the people he may see', async () => {
    callMock.mockImplementation((route) => {
      if (route === r.crm.customerPage || route === r.crm.poolPage) return Promise.resolve(page([customer()]));
      if (route === r.crmSettings.screenConfigGet) return Promise.resolve({ savedFilters: [] });
      if (route === r.crm.assignees) return Promise.resolve([{ userId: 7, realName: '李四', owned: 0, maxOwned: 0 }]);
      return Promise.resolve([]);
    });
    const { unmount } = renderCrm(<CustomerList pool="private" title="我的客户" />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.getByLabelText('负责人')).toBeTruthy();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.crm.assignees, {}));
    unmount();
    renderCrm(<CustomerList pool="public" title="公海" />);
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(screen.queryByLabelText('负责人')).toBeNull();
  });

  it('filters by the departments of the data scope, without the department screens’ permission', async () => {
    const sales = { id: 3, parentId: 2, name: '销售一部', sort: 1, staffCount: 6, childCount: 0, children: [] };
    const answer = callMock.getMockImplementation()!;
    callMock.mockImplementation((route, input) =>
      route === r.crm.deptOptions ? Promise.resolve([sales]) : answer(route, input),
    );
    renderCrm(<CustomerList pool="private" title="我的客户" />);
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('crm-filter-more'));
    const panel = await screen.findByTestId('crm-filter-more-panel');
    expect(await within(panel).findByText('部门')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(r.crm.deptOptions, {});
    expect(callMock).not.toHaveBeenCalledWith(r.orgDept.deptList, expect.anything());
  });

  it('offers no department filter to one who sees only his own customers', async () => {
    renderCrm(<CustomerList pool="private" title="我的客户" />);
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('crm-filter-more'));
    const panel = await screen.findByTestId('crm-filter-more-panel');
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.crm.deptOptions, {}));
    await within(panel).findByText('来源');
    expect(within(panel).queryByText('部门')).toBeNull();
  });

  it('filters by an import batch (导入批次) of his data scope', async () => {
    const batch = {
      id: '0f8e6a52-1b1c-4c57-9a57-6f6a2b6c0a11',
      code: 'DR202612020930050F8E',
      fileName: '展会名单.xlsx',
      createdAt: Date.UTC(2026, 11, 2, 1, 30, 5),
      count: 120,
      userName: '李娜',
    };
    const answer = callMock.getMockImplementation()!;
    callMock.mockImplementation((route, input) =>
      route === r.crmImport.importBatches ? Promise.resolve([batch]) : answer(route, input),
    );
    renderCrm(<CustomerList pool="private" title="我的客户" />);
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('crm-filter-more'));
    const panel = await screen.findByTestId('crm-filter-more-panel');
    expect(within(panel).getByText('导入批次')).toBeTruthy();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.crmImport.importBatches, {}));
    const select = within(panel).getByTestId('crm-filter-import-batch');
    const input = select.tagName === 'INPUT' ? select : (select.querySelector('input') as HTMLInputElement);
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByText('DR202612020930050F8E · 展会名单.xlsx · 120条 · 李娜'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.crm.customerPage, { page: 1, limit: 20, importBatchId: batch.id }),
    );
  });

  it('keeps the column choice and a named filter per user on the server', async () => {
    renderCrm(<CustomerList pool="private" title="我的客户" />);
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('column-settings'));
    const panel = await screen.findByTestId('column-settings-panel');
    fireEvent.click(within(panel).getByText('公司'));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.crmSettings.screenConfigSave, {
        screen: 'myCustomer',
        savedFilters: [],
        columns: expect.not.arrayContaining(['company']),
      }),
    );
    const saved = callMock.mock.calls.filter(([route]) => route === r.crmSettings.screenConfigSave).at(-1)?.[1];
    expect(saved.columns).toContain('name');
    expect(screen.queryByText('云呼科技')).toBeNull();

    fireEvent.change(screen.getByTestId('crm-filter-keyword'), { target: { value: '张' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    fireEvent.click(screen.getByTestId('crm-saved-filters'));
    fireEvent.click(await screen.findByText('保存当前筛选'));
    fireEvent.change(await screen.findByTestId('crm-filter-name'), { target: { value: '张姓客户' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.crmSettings.screenConfigSave, {
        screen: 'myCustomer',
        columns: saved.columns,
        savedFilters: [{ name: '张姓客户', filter: { keyword: '张' } }],
      }),
    );
  });

  it('moves a column and keeps the order of the shown ones on the server', async () => {
    renderCrm(<CustomerList pool="private" title="我的客户" />);
    await screen.findByText('张三');
    fireEvent.click(screen.getByTestId('column-settings'));
    const panel = await screen.findByTestId('column-settings-panel');
    fireEvent.click(within(panel).getByRole('button', { name: '公司上移' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        r.crmSettings.screenConfigSave,
        expect.objectContaining({ screen: 'myCustomer' }),
      ),
    );
    const saved = callMock.mock.calls.filter(([route]) => route === r.crmSettings.screenConfigSave).at(-1)?.[1];
    const shown: string[] = saved.columns;
    expect(shown.indexOf('company')).toBe(shown.indexOf('mobile') - 1);
  });

  it('mounts the folded conditions when 更多筛选 first opens, and keeps sending them once folded again', async () => {
    renderCrm(<CustomerList pool="private" title="我的客户" />);
    await screen.findByText('张三');
    expect(screen.queryByTestId('crm-filter-more-panel')).toBeNull();

    fireEvent.click(screen.getByTestId('crm-filter-more'));
    const panel = await screen.findByTestId('crm-filter-more-panel');
    const company = (await within(panel).findAllByRole('textbox'))[0];
    if (!company) throw new Error('no 公司 field');
    fireEvent.change(company, { target: { value: '云呼' } });
    fireEvent.click(screen.getByTestId('crm-filter-more'));
    expect(panel.style.display).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.crm.customerPage, { page: 1, limit: 20, company: '云呼' }),
    );
  });
});
