import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './FormModal';

const Harness = ({ onSubmit, onDone }: { onSubmit: (v: { name: string }) => Promise<unknown>; onDone: () => void }) => {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? 'open' : 'closed'}</span>
      <FormModal<{ name: string }>
        open={open}
        title="修改姓名"
        initialValues={{ name: '张三' }}
        fields={
          <Form.Item name="name" label="姓名" rules={[{ required: true }]}>
            <Input />
          </Form.Item>
        }
        onSubmit={onSubmit}
        onCancel={() => setOpen(false)}
        onDone={onDone}
      />
    </>
  );
};

const later = { name: '李四' };

/** Mounted closed, opened by a click: the way list pages use their modals. */
const Later = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <FormModal<{ name: string }>
        open={open}
        title="修改姓名"
        initialValues={later}
        fields={
          <Form.Item name="name" label="姓名">
            <Input />
          </Form.Item>
        }
        onSubmit={() => Promise.resolve()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
};

describe('FormModal', () => {
  it('submits the values, closes and calls onDone on success', async () => {
    const onSubmit = vi.fn().mockResolvedValue(null);
    const onDone = vi.fn();
    render(<Harness onSubmit={onSubmit} onDone={onDone} />);
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三'));
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({ name: '张三' });
    expect(screen.getByText('closed')).toBeTruthy();
  });

  it('stays open when the submit fails', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('冲突'));
    const onDone = vi.fn();
    render(<Harness onSubmit={onSubmit} onDone={onDone} />);
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三'));
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByText('open')).toBeTruthy();
  });

  it('shows the initial values when it opens after being mounted closed', async () => {
    render(<Later />);
    fireEvent.click(screen.getByText('open'));
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李四'));
  });
});
