import { fireEvent, render, screen } from '@testing-library/react';
import type { TCallAnalysis } from '@yunhu/contract';
import { describe, expect, it, vi } from 'vitest';
import { CallAnalysisView } from './CallAnalysisPanel';

const done: TCallAnalysis = {
  callRecordId: 7,
  state: 'done',
  stateName: '已完成',
  errorReason: '',
  attempts: 1,
  analysedAt: 1_795_000_000_000,
  createdAt: 1_795_000_000_000,
  transcript: null,
  insight: null,
  insightNote: '',
  figures: {
    durationSec: 10,
    agentTalkSec: 3.8,
    customerTalkSec: 3.5,
    agentSharePercent: 52.1,
    customerSharePercent: 47.9,
    silenceThresholdSec: 1,
    silenceCount: 2,
    silenceLongestSec: 1.5,
    silenceTotalSec: 3,
    overlapCount: 1,
    overlapTotalSec: 0.8,
    agentInterruptions: 1,
    customerInterruptions: 0,
    turns: 4,
    agentFirstWordsSec: 0,
    customerFirstWordsSec: 3.5,
    lastSpeaker: 'customer',
    endSilenceSec: 0.5,
    hungUpBy: 'agent',
    agentSegments: [
      [0, 2],
      [5.2, 7],
    ],
    customerSegments: [
      [3.5, 6],
      [8.5, 9.5],
    ],
  },
};

/** 智能分析: what a person reading a call's analysis sees, in each of its states. */
describe('the call analysis panel', () => {
  it('shows each side’s talk, the silences, the overlap and who cut in, and both sides on a timeline', () => {
    render(<CallAnalysisView analysis={done} canReanalyse={false} onReanalyse={() => undefined} />);
    expect(screen.getByTestId('call-analysis-state').textContent).toBe('已完成');
    expect(screen.getByTestId('call-analysis-agent-talk').textContent).toBe('3.8 秒（52.1%）');
    expect(screen.getByTestId('call-analysis-customer-talk').textContent).toBe('3.5 秒（47.9%）');
    expect(screen.getByTestId('call-analysis-silence').textContent).toBe('2 次，最长 1.5 秒，共 3.0 秒');
    expect(screen.getByTestId('call-analysis-overlap').textContent).toBe('1 次，共 0.8 秒');
    expect(screen.getByText('坐席抢话 1 次，客户抢话 0 次')).toBeTruthy();
    expect(screen.getByTestId('call-analysis-first-words').textContent).toBe('3.5 秒');
    expect(screen.getByTestId('call-analysis-hang-up').textContent).toBe('客户说完 0.5 秒后，坐席挂断');
    const customer = screen.getByTestId('call-analysis-lane-customer').children;
    expect(customer).toHaveLength(2);
    expect((customer[0] as HTMLElement).style.left).toBe('35%');
    expect(screen.queryByText('重新分析')).toBeNull();
  });

  it('says why an analysis failed, and lets a person who may queue it again', () => {
    const onReanalyse = vi.fn();
    const failed: TCallAnalysis = {
      ...done,
      state: 'failed',
      stateName: '失败',
      errorReason: '录音为单声道，无法区分坐席与客户',
      figures: null,
    };
    render(<CallAnalysisView analysis={failed} canReanalyse onReanalyse={onReanalyse} />);
    expect(screen.getByTestId('call-analysis-reason').textContent).toContain(
      '失败原因：录音为单声道，无法区分坐席与客户',
    );
    fireEvent.click(screen.getByText('重新分析'));
    expect(onReanalyse).toHaveBeenCalledOnce();
  });

  it('says a call has no analysis yet, and that a queued one waits', () => {
    const { unmount } = render(<CallAnalysisView analysis={null} canReanalyse onReanalyse={() => undefined} />);
    expect(screen.getByText('该通话暂无分析')).toBeTruthy();
    unmount();
    render(
      <CallAnalysisView
        analysis={{ ...done, state: 'pending', stateName: '待分析', figures: null }}
        canReanalyse
        onReanalyse={() => undefined}
      />,
    );
    expect(screen.getByText('分析排队中，稍后刷新查看')).toBeTruthy();
    expect(screen.getByText('重新分析').closest('button')?.disabled).toBe(true);
  });
});
