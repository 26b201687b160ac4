import { fireEvent, render, screen } from '@testing-library/react';
import { Popconfirm } from 'antd';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { RowAction } from './RowAction';

describe('RowAction', () => {
  it('hands its ref to the button, which a Popconfirm positions its confirmation on', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <RowAction ref={ref} testId="act">
        重置密码
      </RowAction>,
    );
    expect(ref.current).toBe(screen.getByTestId('act'));
  });

  it('opens the Popconfirm it sits in', async () => {
    render(
      <Popconfirm title="确定重置吗？">
        <RowAction testId="act">重置密码</RowAction>
      </Popconfirm>,
    );
    fireEvent.click(screen.getByTestId('act'));
    expect(await screen.findByText('确定重置吗？')).toBeTruthy();
  });
});
