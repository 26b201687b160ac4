import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useConfirmAction } from './useConfirmAction';

const successMock = vi.fn();
vi.mock('../feedback', () => ({ feedback: { message: { success: (...args: unknown[]) => successMock(...args) } } }));

const Screen = ({
  run,
  doneMessage,
  onDone,
}: {
  run: () => Promise<unknown>;
  doneMessage?: string;
  onDone?: () => void;
}) => {
  const { confirm, node } = useConfirmAction();
  return (
    <>
      <button type="button" onClick={() => confirm('删除这 2 条？', run, { doneMessage, onDone })}>
        删除
      </button>
      {node}
    </>
  );
};

const ask = async () => {
  fireEvent.click(screen.getByRole('button', { name: '删除' }));
  expect(await screen.findByText('删除这 2 条？')).toBeTruthy();
};

describe('useConfirmAction', () => {
  beforeEach(() => successMock.mockReset());

  it('runs nothing before 确定, then runs and says 操作成功', async () => {
    const run = vi.fn(() => Promise.resolve());
    const onDone = vi.fn();
    render(<Screen run={run} onDone={onDone} />);
    await ask();
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(successMock).toHaveBeenCalledWith('操作成功'));
    expect(run).toHaveBeenCalledOnce();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('says what was done when told', async () => {
    render(<Screen run={() => Promise.resolve()} doneMessage="已删除 2 条回访" />);
    await ask();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(successMock).toHaveBeenCalledWith('已删除 2 条回访'));
  });

  it('says nothing and clears nothing when the action is refused', async () => {
    const run = vi.fn(() => Promise.reject(new Error('refused')));
    const onDone = vi.fn();
    render(<Screen run={run} onDone={onDone} />);
    await ask();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(run).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(successMock).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});
