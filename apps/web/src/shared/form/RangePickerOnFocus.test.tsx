import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { RangePickerOnFocus } from './RangePickerOnFocus';

const range = [dayjs('2026-11-01'), dayjs('2026-11-30')];

const renderField = (onFinish: (v: { range: dayjs.Dayjs[] }) => void) =>
  render(
    <Form onFinish={onFinish} initialValues={{ range }}>
      <Form.Item name="range" label="通话时间">
        <RangePickerOnFocus allowClear={false} data-testid="range" />
      </Form.Item>
      <button type="submit">提交</button>
    </Form>,
  );

describe('RangePickerOnFocus', () => {
  it('shows the form`s range in a box without the calendar, and submits it untouched', async () => {
    const onFinish = vi.fn();
    const { container } = renderField(onFinish);
    expect((screen.getByTestId('range') as HTMLInputElement).value).toBe('2026-11-01 ~ 2026-11-30');
    expect(container.querySelector('.ant-picker')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ range }));
  });

  it('puts antd`s range picker, open, in its place when the box is focused', async () => {
    const { container } = renderField(vi.fn());
    fireEvent.focus(screen.getByTestId('range'));
    await waitFor(() => expect(container.querySelector('.ant-picker-range')).not.toBeNull());
    const inputs = container.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    expect([...inputs].map((i) => i.value)).toEqual(['2026-11-01', '2026-11-30']);
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
  });
});
