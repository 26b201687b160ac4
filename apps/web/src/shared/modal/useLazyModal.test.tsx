import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLazyModal } from './useLazyModal';

const Asker = ({ onOk, onAnswer }: { onOk: () => void; onAnswer: (confirmed: boolean) => void }) => {
  const [modal, holder] = useLazyModal();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          void modal.confirm({ title: '确认删除？', onOk }).then(onAnswer, () => undefined);
        }}
      >
        ask
      </button>
      {holder}
    </>
  );
};

describe('useLazyModal', () => {
  it('renders no holder until a dialog is asked for', () => {
    const { container } = render(<Asker onOk={vi.fn()} onAnswer={vi.fn()} />);
    expect(container.querySelectorAll('div')).toHaveLength(0);
  });

  it('opens a dialog asked for before antd Modal loaded, and its handle answers as antd`s does', async () => {
    const onOk = vi.fn();
    const onAnswer = vi.fn();
    render(<Asker onOk={onOk} onAnswer={onAnswer} />);
    fireEvent.click(screen.getByText('ask'));
    expect((await screen.findAllByText('确认删除？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onOk).toHaveBeenCalledOnce());
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
  });
});
