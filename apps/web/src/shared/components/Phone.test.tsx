import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { maskPhone, Phone } from './Phone';

describe('Phone', () => {
  it('keeps 3 leading and 4 trailing digits', () => {
    expect(maskPhone('13900000001')).toBe('139****0001');
    expect(maskPhone(null)).toBe('');
  });

  it('renders the masked number', () => {
    render(<Phone value="13912345678" />);
    expect(screen.getByText('139****5678')).toBeTruthy();
    expect(screen.queryByLabelText('显示完整号码')).toBeNull();
  });

  it('shows the whole number on demand when the user may see it', () => {
    render(<Phone value="13912345678" isRevealable />);
    expect(screen.getByText('139****5678')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('显示完整号码'));
    expect(screen.getByText('13912345678')).toBeTruthy();
  });
});
