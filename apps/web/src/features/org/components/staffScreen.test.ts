import { describe, expect, it, vi } from 'vitest';
import { saveStaffEdit, type TStaffForm, type TStaffScreen } from './staffScreen';

/** The edit form's values (no account: it is not edited). */
const form = (v: Partial<TStaffForm>) => v as TStaffForm;

const screenWith = (hasMobileRoute: boolean) =>
  ({
    update: vi.fn().mockResolvedValue(null),
    ...(hasMobileRoute ? { changeMobile: vi.fn().mockResolvedValue(null) } : {}),
  }) as unknown as TStaffScreen & { update: ReturnType<typeof vi.fn>; changeMobile?: ReturnType<typeof vi.fn> };

describe('saveStaffEdit', () => {
  it('sends a typed mobile through its own route after the other fields, never with the edit', async () => {
    const screen = screenWith(true);
    await saveStaffEdit(screen, 7, form({ realName: '王强', mobile: ' 13655550007 ', deptId: 2, roleIds: [3] }));
    expect(screen.update).toHaveBeenCalledWith(7, { realName: '王强', deptId: 2, roleIds: [3] });
    expect(screen.changeMobile).toHaveBeenCalledWith(7, '13655550007');
  });

  it('leaves the mobile alone when the field stays empty', async () => {
    const screen = screenWith(true);
    await saveStaffEdit(screen, 7, form({ realName: '王强', mobile: '' }));
    expect(screen.update).toHaveBeenCalledWith(7, { realName: '王强' });
    expect(screen.changeMobile).not.toHaveBeenCalled();
  });

  it("keeps the mobile in the edit on a screen without the separate route (an agent's)", async () => {
    const screen = screenWith(false);
    await saveStaffEdit(screen, 7, form({ realName: '王强', mobile: '13655550007' }));
    expect(screen.update).toHaveBeenCalledWith(7, { realName: '王强', mobile: '13655550007' });
  });
});
