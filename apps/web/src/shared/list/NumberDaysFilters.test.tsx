import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { withNumberAndDayRange } from './dayRange';
import { SelectFilter } from './FilterItems';
import { NumberDaysFilters } from './NumberDaysFilters';

describe('NumberDaysFilters', () => {
  it('names its conditions as withNumberAndDayRange reads them, the screen’s own between them', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={(v) => onFinish(withNumberAndDayRange(v))} initialValues={{ range: [dayjs('2026-12-01'), null] }}>
        <NumberDaysFilters
          numberLabel="号码"
          numberPlaceholder="号码或其中几位"
          numberTestId="number"
          daysLabel="拦截时间"
        >
          <SelectFilter name="reason" label="原因" options={[{ value: 'a', label: '甲' }]} />
        </NumberDaysFilters>
        <Button htmlType="submit" data-testid="search">
          查询
        </Button>
      </Form>,
    );
    const labels = Array.from(document.querySelectorAll('label')).map((l) => l.textContent);
    expect(labels).toEqual(['号码', '原因', '拦截时间']);
    fireEvent.change(screen.getByTestId('number'), { target: { value: '139-0000 0001' } });
    fireEvent.click(screen.getByTestId('search'));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    const request = onFinish.mock.calls[0]![0] as { number: string; range: unknown[] };
    expect(request.number).toBe('13900000001');
    expect(request.range[0]).toBeTypeOf('number');
  });
});
