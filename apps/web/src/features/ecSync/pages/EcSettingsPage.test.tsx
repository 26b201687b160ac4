import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ecDefaultFieldRows, routeTables, type TEcConfig } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EcSettingsPage } from './EcSettingsPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.ecSync;
const simulator = { corpId: '21299', appId: '1000001', appSecret: 'ec-sim-secret-8f3a' };
const blank: TEcConfig = {
  corpId: '',
  appId: '',
  hasSecret: false,
  defaultEcUserId: '',
  isEnabled: false,
  fieldMap: ecDefaultFieldRows,
  staff: [
    { userId: 2, realName: '张明', account: 'admin', ecUserId: '' },
    { userId: 4, realName: '王强', account: 'agent01', ecUserId: '' },
  ],
  simulator,
  lastPulledAt: null,
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <EcSettingsPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const requestsOf = (route: unknown) => callMock.mock.calls.filter(([x]) => x === route).map(([, input]) => input);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('EcSettingsPage', () => {
  let config: TEcConfig;
  beforeEach(() => {
    config = blank;
    callMock.mockReset();
    callMock.mockImplementation(async (route, input) => {
      if (route === r.configGet) return config;
      if (route === r.configSave) return { ...config, hasSecret: true };
      if (route === r.configTest)
        return input.appSecret === simulator.appSecret
          ? { isOk: true, message: '连接成功，腾讯EC 企业共有 3 名员工' }
          : { isOk: false, message: '连接失败：腾讯EC：签名校验失败，请检查 AppId 和 AppSecret（错误码 40001）' };
      return null;
    });
  });

  it('says it is the simulator and shows its account', async () => {
    renderPage();
    expect((await screen.findByTestId('ec-simulator')).textContent).toContain('AppSecret ec-sim-secret-8f3a');
    expect(screen.getByText('当前连接的是腾讯EC 模拟器（开发环境）')).toBeTruthy();
  });

  it('tests the connection with the typed values and shows EC’s refusal in its words', async () => {
    renderPage();
    await screen.findByTestId('ec-corp-id');
    type('ec-corp-id', '21299');
    type('ec-app-id', '1000001');
    type('ec-app-secret', 'wrong');
    fireEvent.click(screen.getByTestId('ec-test'));
    expect((await screen.findByTestId('ec-test-result')).textContent).toBe(
      '连接失败：腾讯EC：签名校验失败，请检查 AppId 和 AppSecret（错误码 40001）',
    );
    expect(requestsOf(r.configTest)).toEqual([{ corpId: '21299', appId: '1000001', appSecret: 'wrong' }]);
  });

  it('tests the connection with the secret EC knows: 连接成功', async () => {
    renderPage();
    await screen.findByTestId('ec-corp-id');
    type('ec-corp-id', '21299');
    type('ec-app-id', '1000001');
    type('ec-app-secret', simulator.appSecret);
    fireEvent.click(screen.getByTestId('ec-test'));
    expect((await screen.findByTestId('ec-test-result')).textContent).toBe('连接成功，腾讯EC 企业共有 3 名员工');
  });

  it('saves the account, the switch, the field map and the staff map', async () => {
    renderPage();
    await screen.findByTestId('ec-corp-id');
    type('ec-corp-id', '21299');
    type('ec-app-id', '1000001');
    type('ec-app-secret', simulator.appSecret);
    type('ec-default-user', '9001');
    type('ec-staff-agent01', '9002');
    fireEvent.change(screen.getByLabelText('备注 腾讯EC 字段名'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('ec-enabled'));
    fireEvent.click(screen.getByTestId('ec-save'));
    await waitFor(() =>
      expect(requestsOf(r.configSave)[0]).toMatchObject({
        corpId: '21299',
        appId: '1000001',
        appSecret: simulator.appSecret,
        defaultEcUserId: '9001',
        isEnabled: true,
        fieldMap: [
          { ours: 'name', theirs: 'name' },
          { ours: 'mobile', theirs: 'mobile' },
          { ours: 'company', theirs: 'companyName' },
        ],
        staffMap: [
          { userId: 2, ecUserId: '' },
          { userId: 4, ecUserId: '9002' },
        ],
      }),
    );
  });

  it('keeps a saved secret out of the form, and pulls once connected', async () => {
    config = { ...blank, corpId: '21299', appId: '1000001', hasSecret: true, defaultEcUserId: '9001', isEnabled: true };
    callMock.mockImplementationOnce(async () => config);
    renderPage();
    const secret = (await screen.findByTestId('ec-app-secret')) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('已保存，留空则不修改');
    expect((screen.getByTestId('ec-pull') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('上次拉取：从未')).toBeTruthy();
  });
});
