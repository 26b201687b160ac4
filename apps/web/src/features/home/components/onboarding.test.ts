import { describe, expect, it } from 'vitest';
import { onboardingView } from './onboarding';

const steps = (done: number) =>
  (['lines', 'seats', 'minutes', 'staff', 'seatAssigned', 'customers', 'firstCall'] as const).map((key, i) => ({
    key,
    isDone: i < done,
    count: i < done ? 2 : 0,
  }));

describe('onboarding checklist view', () => {
  it('says why the line picker is empty when no line is open, and points at the first step', () => {
    const view = onboardingView({ steps: steps(0), isComplete: false });
    expect(view.doneCount).toBe(0);
    expect(view.lines[0]).toMatchObject({ key: 'lines', isNext: true, url: 'userdata/submit/index' });
    expect(view.lines[0]!.text).toContain('请联系平台开通线路');
    expect(view.lines.filter((l) => l.isNext)).toHaveLength(1);
  });

  it('tells the administrator to buy a seat in 坐席管理 once lines are open', () => {
    const view = onboardingView({ steps: steps(1), isComplete: false });
    expect(view.lines[0]).toMatchObject({ isDone: true, text: '平台已开通 2 条线路，可以购买坐席' });
    expect(view.lines[1]).toMatchObject({ key: 'seats', isNext: true, url: 'account/purchaseeats' });
    expect(view.lines[1]!.text).toContain('请在坐席管理购买坐席');
  });

  it('sends to 采购中心 for call minutes, and says what pays once something does', () => {
    const view = onboardingView({ steps: steps(2), isComplete: false });
    expect(view.lines[2]).toMatchObject({
      key: 'minutes',
      isNext: true,
      url: 'ProcurementCenter',
      action: '去采购中心',
    });
    expect(view.lines[2]!.text).toContain('请在采购中心购买套餐');
    const paid = (count: number) =>
      onboardingView({
        steps: steps(2).map((s) => (s.key === 'minutes' ? { ...s, isDone: true, count } : s)),
        isComplete: false,
      }).lines[2]!.text;
    expect(paid(1000)).toBe('套餐剩余 1000 分钟');
    expect(paid(0)).toBe('账户余额可支付通话');
  });

  it('links every step to the screen that does it', () => {
    const urls = onboardingView({ steps: steps(3), isComplete: false }).lines.map((l) => [l.key, l.url]);
    expect(urls).toEqual([
      ['lines', 'userdata/submit/index'],
      ['seats', 'account/purchaseeats'],
      ['minutes', 'ProcurementCenter'],
      ['staff', 'account/staffManage'],
      ['seatAssigned', 'account/purchaseeats'],
      ['customers', 'CRM/myCustomer'],
      ['firstCall', 'account/callRecord'],
    ]);
  });

  it('points at 号码报备 when the platform requires reports and none is approved yet', () => {
    const view = onboardingView({
      steps: [
        { key: 'lines', isDone: true, count: 1 },
        { key: 'seats', isDone: true, count: 1 },
        { key: 'reporting', isDone: false, count: 0 },
      ],
      isComplete: false,
    });
    expect(view.lines[2]).toMatchObject({
      title: '号码报备',
      isNext: true,
      url: 'userdata/TelReport/telReport',
      action: '去号码报备',
    });
    expect(view.lines[2]!.text).toContain('外显号码报备审核通过后才能用于外呼');
  });

  it('has no next step when complete', () => {
    const view = onboardingView({ steps: steps(7), isComplete: true });
    expect(view).toMatchObject({ doneCount: 7, isComplete: true });
    expect(view.lines.some((l) => l.isNext)).toBe(false);
  });
});
