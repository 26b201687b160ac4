import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImageUploadButton } from './ImageUploadButton';

const pick = (container: HTMLElement, file: File) => {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
  fireEvent.change(input, { target: { files: [file] } });
};

describe('ImageUploadButton', () => {
  it('hands the picked image over and spins until it is stored', async () => {
    let finish: () => void = () => undefined;
    const onUpload = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { container } = render(
      <ImageUploadButton onUpload={onUpload} testId="up">
        上传
      </ImageUploadButton>,
    );
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    pick(container, file);
    await waitFor(() => expect(onUpload).toHaveBeenCalledWith(file));
    await waitFor(() => expect(screen.getByTestId('up').className).toContain('ant-btn-loading'));
    finish();
    await waitFor(() => expect(screen.getByTestId('up').className).not.toContain('ant-btn-loading'));
  });

  it('swallows a refusal and stops spinning', async () => {
    const onUpload = vi.fn(() => Promise.reject(new Error('too big')));
    const { container } = render(
      <ImageUploadButton onUpload={onUpload} testId="up">
        上传
      </ImageUploadButton>,
    );
    pick(container, new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(onUpload).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('up').className).not.toContain('ant-btn-loading'));
  });
});
