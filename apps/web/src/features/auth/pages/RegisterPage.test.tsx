import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { authRoutes } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/http/handle';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const { RegisterPage } = await import('./RegisterPage');

const renderAt = (url: string) =>
  render(
    <App>
      <MemoryRouter initialEntries={[url]}>
        <RegisterPage />
      </MemoryRouter>
    </App>,
  );

const fill = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

const fillForm = () => {
  fill('请输入企业名称', '余姚测试科技有限公司');
  fill('请输入联系人姓名', '测试人');
  fill('4-32位字母、数字或下划线，以字母开头', 'yuyao01');
  fill('请输入手机号', '13912345678');
  fill('请输入验证码', '123456');
  fill('8-32位，须包含字母和数字', 'Yuyao@2026');
  fill('请再次输入密码', 'Yuyao@2026');
};

/** The register page takes an agent's invitation code from its link, and says an unknown one at the field. */
describe('注册: invitation code', () => {
  beforeEach(() => callMock.mockReset());

  it('pre-fills the code from the link (upper-cased) and sends it with the registration', async () => {
    callMock.mockResolvedValue({ tenantCode: 'E123456', status: 'pending' });
    renderAt('/register?code=ab12cd34');
    const input = screen.getByTestId('register-invite-code') as HTMLInputElement;
    expect(input.value).toBe('AB12CD34');
    fillForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(callMock).toHaveBeenCalled());
    expect(callMock.mock.calls[0]![0]).toBe(authRoutes.signup);
    expect(callMock.mock.calls[0]![1]).toMatchObject({ inviteCode: 'AB12CD34', username: 'yuyao01' });
  });

  it('leaves the code out when none is given', async () => {
    callMock.mockResolvedValue({ tenantCode: 'E123456', status: 'pending' });
    renderAt('/register');
    expect((screen.getByTestId('register-invite-code') as HTMLInputElement).value).toBe('');
    fillForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(callMock).toHaveBeenCalled());
    expect(callMock.mock.calls[0]![1]).toMatchObject({ inviteCode: undefined });
  });

  it('shows the unknown code (org.agentNotFound) beside the field', async () => {
    callMock.mockImplementation((route) =>
      route === authRoutes.signup
        ? Promise.reject(new ApiError(500, '邀请码对应的代理商不存在', null, 'org.agentNotFound'))
        : Promise.resolve(null),
    );
    renderAt('/register?code=NOPE2345');
    fillForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByText('邀请码对应的代理商不存在，请核对后重新填写，或清空后直接注册');
  });
});
