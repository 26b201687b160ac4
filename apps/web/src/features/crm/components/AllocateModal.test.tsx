import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AllocateModal } from './AllocateModal';
import { openSelect, renderCrm } from './testUtils';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const r = routeTables.crm;
const people = [
  { userId: 7, realName: '李四', deptName: '销售一部', owned: 48, maxOwned: 50 },
  { userId: 8, realName: '王五', deptName: null, owned: 3, maxOwned: 0 },
];

const choose = async (label: RegExp) => {
  openSelect(screen.getByTestId('crm-allocate-users'));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
};

describe('AllocateModal', () => {
  beforeEach(() => callMock.mockReset());

  it('shows the plan and refuses to confirm while the check reports a problem', async () => {
    callMock.mockImplementation((route) => {
      if (route === r.assignees) return Promise.resolve(people);
      if (route === r.allocationCheck)
        return Promise.resolve({
          isOk: false,
          plan: [{ ...people[0], adding: 3, isOver: true }],
          problems: ['李四最多可拥有50个客户，现有48个，本次分到3个将超出上限'],
        });
      return Promise.resolve({ done: 3, refused: [] });
    });
    const onRun = vi.fn().mockResolvedValue(null);
    renderCrm(<AllocateModal ids={[1, 2, 3]} onClose={() => undefined} onRun={onRun} />);
    await choose(/^李四/);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.allocationCheck, { ids: [1, 2, 3], userIds: [7] }));
    expect(await screen.findByText('李四最多可拥有50个客户，现有48个，本次分到3个将超出上限')).toBeTruthy();
    expect(screen.getByText('50 超出上限')).toBeTruthy();
    const ok = screen.getByTestId('crm-allocate-ok') as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.click(ok);
    expect(onRun).not.toHaveBeenCalled();
    expect(callMock).not.toHaveBeenCalledWith(r.allocate, expect.anything());
  });

  it('allocates evenly over several people once the check passes', async () => {
    callMock.mockImplementation((route, input) => {
      if (route === r.assignees) return Promise.resolve(people);
      if (route === r.allocationCheck)
        return Promise.resolve({
          isOk: true,
          plan: people
            .filter((p) => input.userIds.includes(p.userId))
            .map((p, i) => ({ ...p, adding: i === 0 ? 2 : 1, isOver: false })),
          problems: [],
        });
      return Promise.resolve({ done: 3, refused: [] });
    });
    const onRun = vi.fn((work: Promise<unknown>) => work);
    renderCrm(<AllocateModal ids={[1, 2, 3]} onClose={() => undefined} onRun={onRun} />);
    await choose(/^李四/);
    await choose(/^王五/);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.allocationCheck, { ids: [1, 2, 3], userIds: [7, 8] }));
    await screen.findByText('不限');
    const ok = screen.getByTestId('crm-allocate-ok') as HTMLButtonElement;
    await waitFor(() => expect(ok.disabled).toBe(false));
    fireEvent.click(ok);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.allocateEven, { ids: [1, 2, 3], userIds: [7, 8], reason: '' }),
    );
    expect(onRun).toHaveBeenCalledOnce();
  });
});
