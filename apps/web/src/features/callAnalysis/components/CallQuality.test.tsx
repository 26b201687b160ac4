import { fireEvent, render, screen } from '@testing-library/react';
import type { TCallQuality } from '@yunhu/contract';
import { describe, expect, it, vi } from 'vitest';
import { CallQuality } from './CallQuality';

const quality: TCallQuality = {
  hitCount: 2,
  results: [
    { ruleId: 2, name: '报公司名', kind: 'required', status: 'pass', detail: '坐席已说（0 秒）', moments: [] },
    {
      ruleId: 1,
      name: '承诺收益',
      kind: 'forbidden',
      status: 'hit',
      detail: '坐席说了：保本',
      moments: [{ atMs: 65_200, toMs: 67_000, side: 'agent', text: '我们的产品保本稳赚。' }],
    },
    { ruleId: 3, name: '说明来电原因', kind: 'required', status: 'noTranscript', detail: '无坐席转写', moments: [] },
    { ruleId: 4, name: '静默超1秒', kind: 'silence', status: 'hit', detail: '1 次超过 1 秒的静默', moments: [] },
  ],
  fields: [
    { fieldId: 5, name: '加微信', type: 'boolean', value: true, note: '提到：微信' },
    { fieldId: 6, name: '客户职位', type: 'text', value: null, note: '规则分析不填写文本字段' },
  ],
  fieldsNote: '',
};

/** 质检结果 in the 智能分析 panel: what the rules found, where, and the fields the analyst filled. */
describe('the call’s quality results', () => {
  it('lists the hits first, each moment a link that seeks the player there', () => {
    const onSeek = vi.fn();
    render(<CallQuality quality={quality} onSeek={onSeek} />);
    expect(screen.getByText('命中 2 条')).toBeTruthy();
    const hits = screen.getAllByTestId('call-quality-hit');
    expect(hits.map((h) => h.textContent)).toEqual([
      expect.stringContaining('承诺收益'),
      expect.stringContaining('静默超1秒'),
    ]);
    expect(screen.getByTestId('call-quality-noTranscript').textContent).toContain('无坐席转写');
    fireEvent.click(screen.getByText('1:05'));
    expect(onSeek).toHaveBeenCalledWith(65.2);
  });

  it('marks a rule a mono recording cannot judge 单声道, after the hits and before the passes', () => {
    const mono: TCallQuality = {
      ...quality,
      results: [
        ...quality.results,
        {
          ruleId: 7,
          name: '坐席话太多',
          kind: 'talkShare',
          status: 'mono',
          detail: '单声道录音分不出坐席的说话时长',
          moments: [],
        },
      ],
    };
    render(<CallQuality quality={mono} />);
    const row = screen.getByTestId('call-quality-mono');
    expect(row.textContent).toContain('单声道');
    expect(row.textContent).toContain('单声道录音分不出坐席的说话时长');
    const rows = screen.getAllByRole('listitem').map((li) => li.getAttribute('data-testid'));
    expect(rows.indexOf('call-quality-mono')).toBeGreaterThan(rows.lastIndexOf('call-quality-hit'));
    expect(rows.indexOf('call-quality-mono')).toBeLessThan(rows.indexOf('call-quality-pass'));
  });

  it('shows the moments as times only where there is no player', () => {
    render(<CallQuality quality={quality} />);
    expect(screen.getByText('1:05')).toBeTruthy();
    expect(screen.queryByTestId('call-quality-moment')).toBeNull();
  });

  it('shows the extraction fields with their values, or why they are empty', () => {
    render(<CallQuality quality={quality} />);
    expect(screen.getByTestId('call-field-5').textContent).toBe('是');
    expect(screen.getByTestId('call-field-6').textContent).toBe('未填写');
    expect(screen.getByText('规则分析不填写文本字段')).toBeTruthy();
  });
});
