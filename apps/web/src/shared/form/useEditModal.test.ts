import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEditModal } from './useEditModal';

type TRow = { id: number };

describe('useEditModal', () => {
  it('opens empty for a new one and with the row for an edit', () => {
    const { result } = renderHook(() => useEditModal<TRow>());
    expect(result.current.modal).toMatchObject({ open: false, editing: null });
    act(() => result.current.openEdit({ id: 3 }));
    expect(result.current.modal).toMatchObject({ open: true, editing: { id: 3 } });
    act(() => result.current.openNew());
    expect(result.current.modal).toMatchObject({ open: true, editing: null });
  });

  it('closes keeping the row it showed, and the next 新增 starts empty', () => {
    const { result } = renderHook(() => useEditModal<TRow>());
    act(() => result.current.openEdit({ id: 3 }));
    act(() => result.current.modal.onClose());
    expect(result.current.modal).toMatchObject({ open: false, editing: { id: 3 } });
    act(() => result.current.openNew());
    expect(result.current.modal.editing).toBeNull();
  });
});
