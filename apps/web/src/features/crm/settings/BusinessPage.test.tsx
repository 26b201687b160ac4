import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { renderCrm } from '../components/testUtils';
import { BusinessPage } from './BusinessPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const s = routeTables.crmSettings;
const updatedAt = 1_700_000_000_000;
const current = {
  maxOwned: 200,
  dailyClaimLimit: 20,
  reclaimBlockDays: 7,
  releaseNoFollowDays: 30,
  releaseNoDealDays: 90,
  remindBeforeDays: 3,
  isPrivacyOn: false,
  updatedAt,
  updatedByName: '王经理',
};

const input = (key: string) => {
  const el = screen.getByTestId(`crm-rule-${key}`);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

describe('BusinessPage', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.customerList, Perm.ruleUpdate]);
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(route === s.rulesGet ? current : null));
  });

  it('shows the current rules and who changed them last, then saves the edited values', async () => {
    renderCrm(<BusinessPage />);
    await waitFor(() => expect(input('maxOwned').value).toBe('200'));
    expect(input('releaseNoDealDays').value).toBe('90');
    expect(screen.getByTestId('crm-rules-updated').textContent).toBe('最后修改：王经理 2023-11-15 06:13');

    fireEvent.change(input('releaseNoFollowDays'), { target: { value: '15' } });
    fireEvent.blur(input('releaseNoFollowDays'));
    fireEvent.change(input('dailyClaimLimit'), { target: { value: '0' } });
    fireEvent.blur(input('dailyClaimLimit'));
    fireEvent.click(screen.getByTestId('crm-rules-save'));

    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(s.rulesSave, {
        maxOwned: 200,
        dailyClaimLimit: 0,
        reclaimBlockDays: 7,
        releaseNoFollowDays: 15,
        releaseNoDealDays: 90,
        remindBeforeDays: 3,
      }),
    );
    // The rules everyone's screens read are fetched again.
    await waitFor(() => expect(callMock.mock.calls.filter(([route]) => route === s.rulesGet)).toHaveLength(2));
  });

  it('does not save a rule left empty', async () => {
    renderCrm(<BusinessPage />);
    await waitFor(() => expect(input('maxOwned').value).toBe('200'));
    fireEvent.change(input('remindBeforeDays'), { target: { value: '' } });
    fireEvent.blur(input('remindBeforeDays'));
    fireEvent.click(screen.getByTestId('crm-rules-save'));
    expect(await screen.findByText('请输入回收前提醒天数')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(s.rulesSave, expect.anything());
  });
});
