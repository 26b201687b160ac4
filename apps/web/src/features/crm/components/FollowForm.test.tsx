import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beijingOffsetMs, Perm, routeTables, shanghaiDay } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { FollowForm } from './FollowForm';
import { renderCrm } from './testUtils';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

describe('FollowForm', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => {
      if (route === routeTables.crmSettings.quickList)
        return Promise.resolve([
          { id: 1, content: '客户在考虑中，下周再联系', isShared: true, sort: 0 },
          { id: 2, content: '已发送报价单', isShared: false, sort: 1 },
        ]);
      if (route === routeTables.crm.followAdd)
        return Promise.resolve({ kind: 'follow', id: 5, at: Date.now(), userName: '李四', content: 'x', detail: {} });
      return Promise.resolve([]);
    });
  });

  it('inserts the quick reply found by its words at the cursor of the note, asking the server nothing for it', async () => {
    renderCrm(<FollowForm customerId={12} />);
    const content = screen.getByTestId('crm-follow-content') as HTMLTextAreaElement;
    fireEvent.change(content, { target: { value: '已电话沟通。明天再打' } });
    content.setSelectionRange(6, 6);
    fireEvent.click(screen.getByTestId('crm-quick-reply'));
    expect(await screen.findByText('已发送报价单')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('搜索快捷回复'), { target: { value: '考虑' } });
    await waitFor(() => expect(screen.queryByText('已发送报价单')).toBeNull());
    fireEvent.click(screen.getByText('客户在考虑中，下周再联系'));
    await waitFor(() => expect(content.value).toBe('已电话沟通。客户在考虑中，下周再联系明天再打'));
    // The cursor follows what was inserted.
    await waitFor(() => expect(content.selectionStart).toBe(18));
    expect(callMock.mock.calls.map(([route]) => route)).toEqual([routeTables.crmSettings.quickList]);
  });

  it('puts the quick reply in place of the words selected in the note', async () => {
    renderCrm(<FollowForm customerId={12} />);
    const content = screen.getByTestId('crm-follow-content') as HTMLTextAreaElement;
    fireEvent.change(content, { target: { value: '结果：待定' } });
    content.setSelectionRange(3, 5);
    fireEvent.click(screen.getByTestId('crm-quick-reply'));
    fireEvent.click(await screen.findByText('已发送报价单'));
    await waitFor(() => expect(content.value).toBe('结果：已发送报价单'));
  });

  // 明天 10:00 is 10:00 in Beijing whatever the browser's zone (run with TZ=America/Los_Angeles:
  // a zone other than Beijing's is what this proves; the process's zone cannot be switched per file).
  it('sends the note with a quick reply and the next follow-up time, 明天 10:00 in Beijing', async () => {
    renderCrm(<FollowForm customerId={12} />);
    const content = screen.getByTestId('crm-follow-content') as HTMLTextAreaElement;
    fireEvent.change(content, { target: { value: '已电话沟通，' } });
    content.setSelectionRange(6, 6);
    fireEvent.click(screen.getByTestId('crm-quick-reply'));
    fireEvent.click(await screen.findByText('客户在考虑中，下周再联系'));
    await waitFor(() => expect(content.value).toBe('已电话沟通，客户在考虑中，下周再联系'));

    const picker = screen.getByTestId('crm-follow-next');
    const input = picker.tagName === 'INPUT' ? picker : (picker.querySelector('input') as HTMLInputElement);
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByText('明天 10:00'));
    fireEvent.click(screen.getByTestId('crm-follow-submit'));

    const tomorrow10 = Date.parse(`${shanghaiDay(Date.now() + 86_400_000)}T10:00:00Z`) - beijingOffsetMs;
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(routeTables.crm.followAdd, expect.anything()));
    const [, sent] = callMock.mock.calls.find(([route]) => route === routeTables.crm.followAdd) ?? [];
    expect(sent).toMatchObject({ customerId: 12, method: 'phone', content: '已电话沟通，客户在考虑中，下周再联系' });
    expect(sent.nextFollowAt).toBe(tomorrow10);
  });

  it('after a call, sends the phone label the call showed, and leaves it out otherwise', async () => {
    const onSaved = vi.fn();
    renderCrm(<FollowForm customerId={7} callPhoneLabel="no_answer" onSaved={onSaved} />);
    expect(screen.getByText('无人接听')).toBeTruthy();
    fireEvent.change(screen.getByTestId('crm-follow-content'), { target: { value: '无人接听，明天再打' } });
    fireEvent.click(screen.getByTestId('crm-follow-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [, sent] = callMock.mock.calls.find(([route]) => route === routeTables.crm.followAdd) ?? [];
    expect(sent).toMatchObject({ customerId: 7, content: '无人接听，明天再打', phoneLabel: 'no_answer' });
  });

  it('has no phone label field outside a call', () => {
    renderCrm(<FollowForm customerId={7} />);
    expect(screen.queryByText('电话标签')).toBeNull();
  });
});

describe('FollowForm after a call with its analysis', () => {
  const insight = {
    engine: '规则分析（开发环境）',
    summary: '客户对套餐有兴趣，要求下周一再联系',
    intention: 'B' as const,
    intentionReason: '',
    objections: [],
    nextStep: '下周一回电',
    nextDate: '2099-06-01',
    followUpSuggestion: '',
  };
  const analysis = (over: object) => ({
    callRecordId: 77,
    state: 'done',
    stateName: '已完成',
    errorReason: '',
    attempts: 1,
    figures: null,
    analysedAt: 0,
    createdAt: 0,
    transcript: null,
    insight,
    insightNote: '',
    ...over,
  });

  it('waits for the analysis, then fills the note and the promised day from its reading', async () => {
    useUserStore.setState({ permissions: [Perm.callRecordList] });
    let state = 'running';
    callMock.mockImplementation(async (route) =>
      route === routeTables.callAnalysis.one ? analysis({ state, insight: state === 'done' ? insight : null }) : [],
    );
    const { rerender } = renderCrm(<FollowForm customerId={12} callPhoneLabel={null} callRecordId={77} />);
    expect(await screen.findByTestId('analysis-draft-waiting')).toBeTruthy();
    state = 'done';
    await waitFor(() => expect(screen.getByTestId('analysis-draft')).toBeTruthy(), { timeout: 8000 });
    expect(screen.getByText('B 有兴趣')).toBeTruthy();
    fireEvent.click(screen.getByTestId('analysis-draft-use'));
    const content = screen.getByTestId('crm-follow-content') as HTMLTextAreaElement;
    await waitFor(() => expect(content.value).toBe('客户对套餐有兴趣，要求下周一再联系\n下一步：下周一回电'));
    expect(screen.getByDisplayValue('2099-06-01 10:00')).toBeTruthy();
    rerender(<div />);
  }, 15_000);

  it('shows nothing of it to a reader who may not see call records', async () => {
    useUserStore.setState({ permissions: [] });
    callMock.mockReset();
    callMock.mockResolvedValue([]);
    renderCrm(<FollowForm customerId={12} callPhoneLabel={null} callRecordId={77} />);
    await screen.findByTestId('crm-follow-content');
    expect(screen.queryByTestId('analysis-draft-waiting')).toBeNull();
    expect(callMock.mock.calls.some(([route]) => route === routeTables.callAnalysis.one)).toBe(false);
  });
});
