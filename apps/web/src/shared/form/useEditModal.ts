import { useState } from 'react';

/** What a modal that adds a new one (`editing` null) or changes `editing` takes. */
export type TEditModalProps<T> = { open: boolean; editing: T | null; onClose: () => void };

/**
 * A screen's 新增/编辑 modal: `openNew` or `openEdit(row)`, and `modal` for the modal's props. Closing keeps the
 * row, so the modal's title and fields do not turn into a new one's while it fades out.
 */
export const useEditModal = <T>() => {
  const [state, setState] = useState<{ open: boolean; editing: T | null }>({ open: false, editing: null });
  const modal: TEditModalProps<T> = { ...state, onClose: () => setState((s) => ({ ...s, open: false })) };
  return {
    openNew: () => setState({ open: true, editing: null }),
    openEdit: (row: T) => setState({ open: true, editing: row }),
    modal,
  };
};
