import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ReasonField } from './ReasonField';

const renderField = (onFinish: (v: { reason: string }) => void) =>
  render(
    <Form onFinish={onFinish}>
      <ReasonField label="驳回原因" requiredMessage="请填写驳回原因" />
      <button type="submit">提交</button>
    </Form>,
  );

describe('ReasonField', () => {
  it('refuses a blank reason, spaces included, and sends a written one', async () => {
    const onFinish = vi.fn();
    renderField(onFinish);
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '资料不清晰' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ reason: '资料不清晰' }));
  });

  it('asks for as many characters as the server takes', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <ReasonField label="驳回原因" requiredMessage="请填写驳回原因（至少2个字）" minLength={2} />
        <button type="submit">提交</button>
      </Form>,
    );
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '否' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写驳回原因（至少2个字）')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '金额不符' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ reason: '金额不符' }));
  });

  it('counts toward the 200 characters the server keeps', () => {
    renderField(vi.fn());
    expect(screen.getByLabelText('驳回原因').getAttribute('maxlength')).toBe('200');
  });
});
