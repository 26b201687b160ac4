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

  it('shows the summary, the intention, the next step and the transcript by speaker', () => {
    const spoken: TCallAnalysis = {
      ...done,
      transcript: {
        engine: '开发环境模拟识别（模拟运营商的固定台词）',
        isSimulated: true,
        note: '坐席一侧不做模拟识别',
        segments: [{ side: 'customer', fromSec: 3.5, toSec: 6, text: '可以，加我微信吧。' }],
      },
      insight: {
        engine: '规则分析（开发环境）',
        summary: '客户：可以，加我微信吧。；意向 A',
        intention: 'A',
        intentionReason: '客户表达兴趣（可以、微信）并约定了下一步',
        objections: [],
        nextStep: '添加微信并发送资料',
        nextDate: '2026-12-03',
        followUpSuggestion: '按约定在 2026-12-03 添加微信并发送资料',
      },
    };
    render(<CallAnalysisView analysis={spoken} canReanalyse={false} onReanalyse={() => undefined} />);
    expect(screen.getByTestId('call-analysis-summary').textContent).toBe('客户：可以，加我微信吧。；意向 A');
    expect(screen.getByTestId('call-analysis-intention').textContent).toBe('A 意向明确');
    expect(screen.getByTestId('call-analysis-next-step').textContent).toBe('添加微信并发送资料，2026-12-03');
    expect(screen.getByTestId('call-analysis-line-customer').textContent).toBe('0:03客户可以，加我微信吧。');
    expect(screen.getByText('模拟')).toBeTruthy();
    expect(screen.getByText('坐席一侧不做模拟识别')).toBeTruthy();
  });

  it('says why a call has no reading instead of making one up', () => {
    render(
      <CallAnalysisView
        analysis={{
          ...done,
          transcript: { engine: '开发环境模拟识别', isSimulated: true, note: '客户一侧没有说话', segments: [] },
          insightNote: '没有可分析的通话转写',
        }}
        canReanalyse={false}
        onReanalyse={() => undefined}
      />,
    );
    expect(screen.getByTestId('call-analysis-insight-note').textContent).toBe('没有可分析的通话转写');
    expect(screen.getByText('没有转写内容')).toBeTruthy();
    expect(screen.queryByTestId('call-analysis-summary')).toBeNull();
  });

  it('marks what a mono recording cannot tell as 单声道, and shows the whole call’s figures and its sentences without sides', () => {
    const mono: TCallAnalysis = {
      ...done,
      figures: {
        ...done.figures!,
        isMono: true,
        speechSec: 6.5,
        agentTalkSec: null,
        customerTalkSec: null,
        agentSharePercent: null,
        customerSharePercent: null,
        overlapCount: null,
        overlapTotalSec: null,
        agentInterruptions: null,
        customerInterruptions: null,
        turns: null,
        agentFirstWordsSec: null,
        customerFirstWordsSec: null,
        lastSpeaker: null,
        hungUpBy: 'customer',
        agentSegments: [],
        customerSegments: [],
        speechSegments: [
          [0, 2],
          [3.5, 7],
          [8.5, 9.5],
        ],
      },
      transcript: {
        engine: '腾讯云录音文件识别（8k_zh）',
        isSimulated: false,
        note: '',
        segments: [{ side: null, fromSec: 3.5, toSec: 7, text: '你们这个产品怎么收费？' }],
      },
      insightNote: '单声道录音的转写分不出客户的话，规则分析不作判断',
    };
    render(<CallAnalysisView analysis={mono} canReanalyse={false} onReanalyse={() => undefined} />);
    expect(screen.getByTestId('call-analysis-mono').textContent).toContain('单声道录音');
    expect(screen.getByTestId('call-analysis-speech').textContent).toBe('6.5 秒');
    expect(screen.getByTestId('call-analysis-silence').textContent).toBe('2 次，最长 1.5 秒，共 3.0 秒');
    for (const id of ['agent-talk', 'customer-talk', 'overlap', 'turns', 'first-words']) {
      expect(screen.getByTestId(`call-analysis-${id}`).textContent).toBe('单声道');
    }
    expect(screen.getAllByTestId('call-analysis-mono-mark')).toHaveLength(5);
    expect(screen.getByTestId('call-analysis-hang-up').textContent).toBe('客户挂断');
    // One lane for the call's speech, none per side.
    expect(screen.getByTestId('call-analysis-lane-mixed').children).toHaveLength(3);
    expect(screen.queryByTestId('call-analysis-lane-agent')).toBeNull();
    expect(screen.getByTestId('call-analysis-transcript-mono').textContent).toBe('单声道');
    expect(screen.getByTestId('call-analysis-line-mixed').textContent).toBe('0:03未区分你们这个产品怎么收费？');
    expect(screen.getByTestId('call-analysis-insight-note').textContent).toBe(
      '单声道录音的转写分不出客户的话，规则分析不作判断',
    );
  });

  it('shows a stereo call’s figures without any 单声道 mark', () => {
    render(<CallAnalysisView analysis={done} canReanalyse={false} onReanalyse={() => undefined} />);
    expect(screen.queryByTestId('call-analysis-mono')).toBeNull();
    expect(screen.queryByTestId('call-analysis-mono-mark')).toBeNull();
    expect(screen.getByTestId('call-analysis-turns').textContent).toBe('4');
  });

  it('says why an analysis failed, and lets a person who may queue it again', () => {
    const onReanalyse = vi.fn();
    const failed: TCallAnalysis = {
      ...done,
      state: 'failed',
      stateName: '失败',
      errorReason: '录音不是 WAV 文件',
      figures: null,
    };
    render(<CallAnalysisView analysis={failed} canReanalyse onReanalyse={onReanalyse} />);
    expect(screen.getByTestId('call-analysis-reason').textContent).toContain('失败原因：录音不是 WAV 文件');
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
