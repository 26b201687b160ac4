import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routeTables, type TCustomField } from '@yunhu/contract';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newCustomerDefaults, type TCustomerFormValues, toCustomerBody } from '../customerForm';
import { CustomerFormFields } from './CustomerFormFields';
import { renderCrm } from './testUtils';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const field = (
  id: number,
  name: string,
  type: TCustomField['type'],
  over: Partial<TCustomField> = {},
): TCustomField => ({
  id,
  name,
  type,
  options: [],
  isRequired: false,
  isInList: true,
  isInFilter: false,
  sort: id,
  ...over,
});
const fields = [
  field(1, '微信号', 'text', { isRequired: true }),
  field(2, '需求描述', 'textarea'),
  field(3, '预算', 'number'),
  field(4, '生日', 'date'),
  field(5, '行业', 'select', { options: ['教育', '金融'] }),
  field(6, '关注产品', 'multiselect', { options: ['外呼', '短信'] }),
];

const Harness = () => {
  const [form] = Form.useForm<TCustomerFormValues>();
  return (
    <Form form={form} initialValues={newCustomerDefaults} layout="vertical">
      <CustomerFormFields form={form} fields={fields} isNew />
    </Form>
  );
};

describe('CustomerFormFields', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route, input) => {
      if (route === routeTables.crm.existOther)
        return Promise.resolve(
          input.mobile === '13912345678'
            ? { isExist: true, customerId: 9, where: 'other', ownerName: '张三', message: '该手机号已是张三的客户' }
            : { isExist: false, customerId: null, where: null, ownerName: null, message: '' },
        );
      return Promise.resolve([]);
    });
  });

  it('renders each custom field by its type, the required one marked', async () => {
    renderCrm(<Harness />);
    const text = screen.getByLabelText('微信号');
    expect(text.tagName).toBe('INPUT');
    expect(text.closest('.ant-form-item')?.querySelector('.ant-form-item-required')).toBeTruthy();
    expect(screen.getByLabelText('需求描述').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('预算').closest('.ant-input-number')).toBeTruthy();
    expect(screen.getByLabelText('生日').closest('.ant-picker')).toBeTruthy();
    expect(screen.getByLabelText('行业').closest('.ant-select')).toBeTruthy();
    expect(screen.getByLabelText('关注产品').closest('.ant-select-multiple')).toBeTruthy();
    expect(
      screen.getByLabelText('预算').closest('.ant-form-item')?.querySelector('.ant-form-item-required'),
    ).toBeNull();
  });

  it('tells under the mobile whose customer the number already is', async () => {
    renderCrm(<Harness />);
    fireEvent.change(screen.getByTestId('crm-form-mobile'), { target: { value: '+86 139-1234-5678' } });
    expect((await screen.findByTestId('crm-mobile-duplicate')).textContent).toContain('该手机号已是张三的客户');
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(routeTables.crm.existOther, {
        mobile: '13912345678',
        excludeId: undefined,
      }),
    );
    fireEvent.change(screen.getByTestId('crm-form-mobile'), { target: { value: '13800000000' } });
    await waitFor(() => expect(screen.queryByTestId('crm-mobile-duplicate')).toBeNull());
  });

  it('sends custom values in the stored shapes (dates as epoch ms, blanks as null)', () => {
    const body = toCustomerBody(
      {
        ...(newCustomerDefaults as TCustomerFormValues),
        name: ' 李雷 ',
        mobile: '13912345678',
        ownerMode: 'pool',
        custom: { '1': ' wx01 ', '3': 12.5, '4': dayjs('2026-01-02T15:00:00'), '6': ['外呼'], '2': '' },
      },
      fields,
    );
    expect(body.name).toBe('李雷');
    expect(body.ownerId).toBeNull();
    expect(body.customValues).toEqual({
      '1': 'wx01',
      '2': null,
      '3': 12.5,
      // The picked day's start in Beijing, whatever the browser's zone.
      '4': Date.parse('2026-01-02T00:00:00+08:00'),
      '5': null,
      '6': ['外呼'],
    });
  });
});
