import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { openSelect, renderCrm } from '../components/testUtils';
import { FieldSettings } from './FieldSettings';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const s = routeTables.crmSettings;
const level = {
  id: 3,
  name: '客户级别',
  type: 'select' as const,
  options: ['普通', 'VIP'],
  isRequired: true,
  isInList: true,
  isInFilter: false,
  sort: 1,
};

describe('FieldSettings', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.crmSettings]);
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(route === s.fieldQuery ? [level] : null));
  });

  it('lists the fields with their type and options', async () => {
    renderCrm(<FieldSettings />);
    expect(await screen.findByText('客户级别')).toBeTruthy();
    expect(screen.getByText('单选')).toBeTruthy();
    expect(screen.getByText('VIP')).toBeTruthy();
  });

  it('asks for options when the new field is a choice, then sends them', async () => {
    renderCrm(<FieldSettings />);
    await screen.findByText('客户级别');
    fireEvent.click(screen.getByTestId('crm-field-add'));
    const modal = await screen.findByTestId('crm-field-modal');
    fireEvent.change(within(modal).getByTestId('crm-field-name'), { target: { value: '行业' } });
    openSelect(within(modal).getByText('单行文本'));
    fireEvent.click(await screen.findByTitle('多选'));
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    expect(await within(modal).findByText('单选和多选字段至少需要一个选项')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(s.fieldAdd, expect.anything());

    const options = within(modal).getByText('输入一个选项后按回车添加').closest('.ant-form-item') as HTMLElement;
    const input = within(options).getByRole('combobox');
    for (const option of ['制造业', '零售']) {
      fireEvent.change(input, { target: { value: option } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    }
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(s.fieldAdd, {
        name: '行业',
        type: 'multiselect',
        options: ['制造业', '零售'],
        isRequired: false,
        isInList: true,
        isInFilter: false,
        sort: 0,
      }),
    );
  });

  it('warns that the values go with a deleted field', async () => {
    renderCrm(<FieldSettings />);
    await screen.findByText('客户级别');
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除字段「客户级别」吗？删除后所有客户的该字段值将一并删除')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(s.fieldDelete, { id: 3 }));
  });
});
