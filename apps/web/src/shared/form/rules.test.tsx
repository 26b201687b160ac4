import { fireEvent, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { requiredText } from './rules';

describe('requiredText', () => {
  it('refuses an empty or blank text with 请输入 and the label, and takes a real one', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="title" label="标题" rules={requiredText('标题')}>
          <Input data-testid="title" />
        </Form.Item>
        <button type="submit">提交</button>
      </Form>,
    );
    fireEvent.change(screen.getByTestId('title'), { target: { value: '   ' } });
    fireEvent.click(screen.getByText('提交'));
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('title'), { target: { value: '周报' } });
    fireEvent.click(screen.getByText('提交'));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ title: '周报' }));
  });
});
