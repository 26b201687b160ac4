import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReasonModal } from './ReasonModal';

const renderModal = (onSubmit: (reason: string) => Promise<unknown>, onCancel = vi.fn()) => {
  render(
    <ReasonModal
      open
      title="驳回申请"
      okText="驳回"
      label="驳回原因"
      requiredMessage="请填写驳回原因"
      placeholder="申请人可见"
      onSubmit={onSubmit}
      onCancel={onCancel}
    />,
  );
  return onCancel;
};

describe('ReasonModal', () => {
  it('refuses to run without a written reason, spaces included', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderModal(onSubmit);
    expect(screen.getByText('驳回申请')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('申请人可见'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '驳 回' }));
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('runs with the reason written and closes once it succeeded', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const onCancel = renderModal(onSubmit);
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '资料不全' } });
    fireEvent.click(screen.getByRole('button', { name: '驳 回' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('资料不全'));
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
  });

  it('stays open, the reason kept, when the server refused', async () => {
    const onSubmit = vi.fn(async () => Promise.reject(new Error('refused')));
    const onCancel = renderModal(onSubmit);
    fireEvent.change(screen.getByLabelText('驳回原因'), { target: { value: '资料不全' } });
    fireEvent.click(screen.getByRole('button', { name: '驳 回' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: '驳 回' }).className).not.toContain('loading'));
    expect(onCancel).not.toHaveBeenCalled();
    expect((screen.getByLabelText('驳回原因') as HTMLTextAreaElement).value).toBe('资料不全');
  });
});
