import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TQualityRule } from '@yunhu/contract';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QualitySettingsPage } from './QualitySettingsPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const r = routeTables.callAnalysis;
const rule: TQualityRule = {
  id: 1,
  name: '承诺收益',
  isEnabled: true,
  rule: { kind: 'forbidden', words: ['保本', '稳赚'], side: 'agent' },
  updatedAt: 0,
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <QualitySettingsPage />
      </App>
    </QueryClientProvider>,
  );

describe('质检设置', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation(async (route: unknown, body: Record<string, unknown>) => {
      if (route === r.ruleList) return [rule];
      if (route === r.ruleSave) return { ...rule, id: 2, ...body };
      if (route === r.fieldList) return [];
      if (route === r.scopeGet) return { lineIds: null };
      return [];
    });
  });

  it('lists the rules with their condition in words', async () => {
    renderPage();
    await screen.findByText('承诺收益');
    expect(screen.getByText('禁语')).toBeTruthy();
    expect(screen.getByText('坐席说：保本、稳赚')).toBeTruthy();
  });

  it('adds a silence rule with the fields of its kind', async () => {
    renderPage();
    await screen.findByText('承诺收益');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const form = await screen.findByTestId('quality-rules-modal');
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '长静默' } });
    fireEvent.mouseDown(within(form).getByLabelText('类型'));
    fireEvent.click(await screen.findByTitle('静默时长'));
    const seconds = await within(form).findByLabelText('静默超过（秒）');
    fireEvent.change(seconds, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.ruleSave, {
        id: undefined,
        name: '长静默',
        isEnabled: true,
        rule: { kind: 'silence', overSec: 5 },
      }),
    );
  });

  it('adds a 单选 extraction field with its options', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '提取字段' }));
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const form = await screen.findByTestId('extraction-fields-modal');
    fireEvent.change(within(form).getByLabelText('字段名称'), { target: { value: '关注点' } });
    fireEvent.mouseDown(within(form).getByLabelText('字段类型'));
    fireEvent.click(await screen.findByTitle('单选'));
    const options = await within(form).findByLabelText('选项（回车添加多个）');
    fireEvent.change(options, { target: { value: '价格,' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        r.fieldSave,
        expect.objectContaining({ name: '关注点', type: 'choice', options: ['价格'] }),
      ),
    );
  });

  it('saves the lines whose calls are analysed, every line by default', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: '分析范围' }));
    const scope = await screen.findByTestId('analysis-scope');
    await waitFor(() => expect((within(scope).getByLabelText('全部线路') as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(scope).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.scopeSave, { lineIds: null }));
  });
});
