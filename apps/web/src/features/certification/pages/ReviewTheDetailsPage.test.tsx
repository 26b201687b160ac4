import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TCertification } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewTheDetailsPage } from './ReviewTheDetailsPage';

const callMock = vi.fn();
const uploadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: (...args: unknown[]) => uploadMock(...args),
  download: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const cert = (over: Partial<TCertification>): TCertification => ({
  id: 1,
  tenantId: 2,
  enterpriseName: '演示科技有限公司',
  tenantCode: 'demo',
  type: 'enterprise',
  companyName: '演示科技有限公司',
  creditCode: '91350100M000100Y43',
  legalPerson: '张明',
  licenseUrl: '/base/sys/oss/file/a.png',
  personName: '',
  idCardNo: '',
  status: 'pending',
  reason: '',
  submitter: '张明',
  examiner: '',
  createdAt: 1_790_000_000_000,
  examinedAt: null,
  ...over,
});

const info = (authState: number, latest: TCertification | null) => ({
  enterpriseName: '演示科技有限公司',
  authState,
  authStateLabel: ['未认证', '个人认证', '企业认证'][authState] ?? '其他',
  latest,
});

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewTheDetailsPage />
    </QueryClientProvider>,
  );

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ReviewTheDetailsPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    uploadMock.mockReset();
  });

  it('checks the credit code and requires the licence before anything is sent', async () => {
    callMock.mockResolvedValue(info(0, null));
    renderPage();
    expect((await screen.findByTestId('auth-state')).textContent).toBe('未认证');
    fill('企业名称', '演示科技有限公司');
    fill('统一社会信用代码', '91350100M000100Y44');
    fill('法定代表人', '张明');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    await screen.findByText('统一社会信用代码格式不正确（18位，含校验位）');
    expect(screen.getByText('请上传营业执照')).toBeTruthy();
    expect(callMock).toHaveBeenCalledTimes(1);
  });

  it('uploads the licence and submits the enterprise authentication', async () => {
    callMock.mockResolvedValue(info(0, null));
    uploadMock.mockResolvedValue({ url: '/base/sys/oss/file/b.png', name: 'b.png', size: 1, type: 'png' });
    renderPage();
    await screen.findByTestId('auth-state');
    fill('企业名称', '演示科技有限公司');
    fill('统一社会信用代码', '91350100m000100y43');
    fill('法定代表人', '张明');
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], '执照.png', { type: 'image/png' })] } });
    await screen.findByTestId('license-preview');
    expect(uploadMock).toHaveBeenCalledWith(routeTables.certification.licenseUpload, expect.any(File));
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        routeTables.certification.certSubmit,
        expect.objectContaining({ type: 'enterprise', licenseUrl: '/base/sys/oss/file/b.png' }),
      ),
    );
  });

  it('shows the pending submission without a form, and the rejection reason with a resubmit button', async () => {
    callMock.mockResolvedValue(info(0, cert({})));
    const view = renderPage();
    await screen.findByText('认证资料已提交，平台审核中，审核结果会在这里显示。');
    expect(screen.queryByTestId('cert-form')).toBeNull();
    view.unmount();

    callMock.mockResolvedValue(info(0, cert({ status: 'rejected', reason: '营业执照不清晰', examiner: '平台' })));
    renderPage();
    await screen.findByText('认证未通过：营业执照不清晰。请修改后重新提交。');
    fireEvent.click(screen.getByRole('button', { name: '重新提交认证' }));
    expect(await screen.findByTestId('cert-form')).toBeTruthy();
  });

  it('shows an approved enterprise authentication with no way to submit again', async () => {
    callMock.mockResolvedValue(info(2, cert({ status: 'approved', examiner: '平台' })));
    renderPage();
    expect((await screen.findByTestId('auth-state')).textContent).toBe('企业认证');
    expect(screen.getByText('认证已通过。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提交/ })).toBeNull();
  });
});
