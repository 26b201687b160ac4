import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { materialsOf } from '../pages/fixtures.test-kit';
import { MaterialsForm } from './MaterialsForm';

const callMock = vi.fn();
const uploadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: (...args: unknown[]) => uploadMock(...args),
  download: vi.fn(),
}));

const r = routeTables.callerReport;
const renderForm = (latest = materialsOf()) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MaterialsForm latest={latest} />
    </QueryClientProvider>,
  );
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交资料' }));

describe('MaterialsForm', () => {
  beforeEach(() => {
    callMock.mockReset();
    uploadMock.mockReset();
    callMock.mockResolvedValue(materialsOf({ version: 3 }));
  });

  it('asks the ID number again and every missing document before anything is sent', async () => {
    // The latest version holds only the licence and the script.
    renderForm();
    fireEvent.change(screen.getByLabelText('申请人身份证号'), { target: { value: '110105194912310021' } });
    submit();
    expect(await screen.findByText('身份证号格式不正确（18位，含校验位）')).toBeTruthy();
    expect(screen.getByText('请上传身份证人像面')).toBeTruthy();
    expect(screen.getByText('请上传安全合规使用承诺书')).toBeTruthy();
    // An agent applicant needs the power of attorney too.
    fireEvent.click(screen.getByLabelText('经办人'));
    expect(await screen.findByText('委托授权书')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('uploads photos through the image check and submits a new version with every document', async () => {
    const latest = materialsOf({
      documents: ['license', 'idFront', 'idBack', 'commitment', 'script'].map((kind, i) => ({
        kind: kind as 'license',
        file: `${String(i).repeat(32)}.png`,
        name: `${kind}.png`,
        type: 'png',
        size: 60_000,
      })),
    });
    uploadMock.mockResolvedValue({
      url: `/base/sys/oss/file/${'f'.repeat(32)}.jpg`,
      name: 'h.jpg',
      size: 1,
      type: 'jpg',
    });
    renderForm(latest);
    const input = screen.getByTestId('upload-idHandheld').closest('span')!.querySelector('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(10)], 'h.jpg', { type: 'image/jpeg' })] } });
    await screen.findByTestId('uploaded-idHandheld');
    expect(uploadMock.mock.calls[0]![0]).toBe(r.imageUpload);
    fireEvent.change(screen.getByLabelText('申请人身份证号'), { target: { value: '11010519491231002x' } });
    submit();
    await waitFor(() => expect(callMock).toHaveBeenCalled());
    const [route, input2] = callMock.mock.calls[0]!;
    expect(route).toBe(r.materialsSubmit);
    expect(input2).toMatchObject({ companyName: '演示科技有限公司', idNumber: '11010519491231002x' });
    expect(input2.documents).toContainEqual({ kind: 'idHandheld', file: `${'f'.repeat(32)}.jpg` });
    expect(input2.documents).toHaveLength(6);
  });
});
