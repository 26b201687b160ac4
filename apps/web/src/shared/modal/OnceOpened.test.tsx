import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnceOpened } from './OnceOpened';

describe('OnceOpened', () => {
  it('renders nothing until first opened, then keeps its children when closed again', () => {
    const view = render(
      <OnceOpened open={false}>
        <span>对话框</span>
      </OnceOpened>,
    );
    expect(screen.queryByText('对话框')).toBeNull();
    view.rerender(
      <OnceOpened open>
        <span>对话框</span>
      </OnceOpened>,
    );
    expect(screen.getByText('对话框')).toBeTruthy();
    view.rerender(
      <OnceOpened open={false}>
        <span>对话框</span>
      </OnceOpened>,
    );
    expect(screen.getByText('对话框')).toBeTruthy();
  });
});
