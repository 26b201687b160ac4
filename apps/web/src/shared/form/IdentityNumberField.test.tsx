import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { IdentityNumberField } from './IdentityNumberField';

const renderField = (kind: 'creditCode' | 'idCardNo', onFinish: (v: Record<string, string>) => void) =>
  render(
    <Form onFinish={onFinish}>
      <IdentityNumberField name="no" label="证件号码" kind={kind} />
      <button type="submit">提交</button>
    </Form>,
  );
const submitWith = (value: string) => {
  fireEvent.change(screen.getByLabelText('证件号码'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: '提交' }));
};

describe('IdentityNumberField', () => {
  it('asks for the number when left blank', async () => {
    const onFinish = vi.fn();
    renderField('idCardNo', onFinish);
    submitWith('  ');
    expect(await screen.findByText('请输入证件号码')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('refuses an ID card number whose check character is wrong, and takes a right one in lower case', async () => {
    const onFinish = vi.fn();
    renderField('idCardNo', onFinish);
    submitWith('110101199003071234');
    expect(await screen.findByText('身份证号格式不正确（18位，含校验位）')).toBeTruthy();
    submitWith('11010519491231002x');
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ no: '11010519491231002x' }));
  });

  it('checks a credit code by its own rule', async () => {
    const onFinish = vi.fn();
    renderField('creditCode', onFinish);
    submitWith('91350100M000100Y4X');
    expect(await screen.findByText('统一社会信用代码格式不正确（18位，含校验位）')).toBeTruthy();
    submitWith('91350100M000100Y43');
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ no: '91350100M000100Y43' }));
  });

  it('takes no more than 18 characters', () => {
    renderField('creditCode', vi.fn());
    expect(screen.getByLabelText('证件号码').getAttribute('maxlength')).toBe('18');
  });
});
