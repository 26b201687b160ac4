import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

const sent = vi.hoisted(() => ({ mobiles: [] as string[] }));
vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api')>()),
  sendSmsCode: async (mobile: string) => {
    sent.mobiles.push(mobile);
  },
}));

const { RegisterPage } = await import('../pages/RegisterPage');

const renderRegister = () =>
  render(
    <App>
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>
    </App>,
  );

/** The register form's mobile and code fields have labels; 获取验证码 checks the mobile only. */
describe('注册: mobile and code', () => {
  it('labels the mobile and the code fields', () => {
    renderRegister();
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toContain('手机号');
    expect(labels).toContain('验证码');
  });

  it('获取验证码 with an empty mobile says only what is wrong with the mobile', async () => {
    renderRegister();
    fireEvent.click(screen.getByTestId('sms-code-button'));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 100));
    const errors = [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    expect(errors).toEqual(['请输入手机号']);
    expect(sent.mobiles).toEqual([]);
  });
});
