import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm, routeTables, type TTag } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { renderCrm } from '../components/testUtils';
import { CrmSettingsButton } from './CrmSettingsButton';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const s = routeTables.crmSettings;

describe('CrmSettingsButton', () => {
  let tags: TTag[];
  beforeEach(() => {
    tags = [{ id: 1, name: '重点', color: 'red', sort: 0, customerCount: 12 }];
    callMock.mockReset();
    callMock.mockImplementation((route, input) => {
      if (route === s.tagList) return Promise.resolve(tags);
      if (route === s.tagSave) {
        const saved = { ...input, id: 2, customerCount: 0 };
        tags = [...tags, saved];
        return Promise.resolve(saved);
      }
      if (route === s.quickList)
        return Promise.resolve([
          { id: 1, content: '企业统一话术', isShared: true, sort: 0 },
          { id: 2, content: '我自己的话术', isShared: false, sort: 0 },
        ]);
      return Promise.resolve([]);
    });
  });

  it('offers only 我的快捷回复, with the person\u2019s own replies, without the settings permission', async () => {
    useUserStore.getState().setPermissions([Perm.customerList]);
    renderCrm(<CrmSettingsButton />);
    expect(screen.queryByTestId('crm-settings')).toBeNull();
    expect(screen.queryByText('客户设置')).toBeNull();
    fireEvent.click(screen.getByTestId('crm-my-quick'));
    expect(await screen.findByText('我自己的话术')).toBeTruthy();
    expect(screen.queryByText('企业统一话术')).toBeNull();
  });

  it('adds a tag from the drawer and shows it in the table', async () => {
    useUserStore.getState().setPermissions([Perm.customerList, Perm.crmSettings]);
    renderCrm(<CrmSettingsButton />);
    expect(screen.queryByTestId('crm-my-quick')).toBeNull();
    fireEvent.click(screen.getByTestId('crm-settings'));
    const drawer = await screen.findByTestId('crm-settings-drawer');
    expect(await within(drawer).findByText('重点')).toBeTruthy();
    expect(within(drawer).getByText('12')).toBeTruthy();

    fireEvent.click(within(drawer).getByTestId('crm-tag-add'));
    const modal = await screen.findByTestId('crm-tag-modal');
    fireEvent.change(within(modal).getByTestId('crm-tag-name'), { target: { value: '老客户' } });
    fireEvent.click(within(modal).getByLabelText('绿色'));
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(callMock).toHaveBeenCalledWith(s.tagSave, expect.anything()));
    const [, sent] = callMock.mock.calls.find(([route]) => route === s.tagSave) ?? [];
    expect(sent).toMatchObject({ name: '老客户', color: 'green', sort: 0 });
    expect(sent.id).toBeUndefined();
    expect(await within(drawer).findByText('老客户')).toBeTruthy();
  });

  it('says how many customers carry a tag before deleting it', async () => {
    useUserStore.getState().setPermissions([Perm.crmSettings]);
    renderCrm(<CrmSettingsButton />);
    fireEvent.click(screen.getByTestId('crm-settings'));
    const drawer = await screen.findByTestId('crm-settings-drawer');
    await within(drawer).findByText('重点');
    fireEvent.click(within(drawer).getByRole('button', { name: /删\s*除/ }));
    expect(
      await screen.findByText('标签「重点」正被 12 个客户使用，删除后将从这些客户身上移除。确定删除吗？'),
    ).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(s.tagDelete, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(s.tagDelete, { id: 1 }));
  });
});
