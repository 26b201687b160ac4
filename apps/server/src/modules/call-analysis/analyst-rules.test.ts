import type { TCallTranscriptSegment } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { analyseByRules, rulesEngine, wordsOf } from './analyst-rules.js';

/** Wednesday 2026-12-02, 10:00 in Beijing. */
const callStartedAt = Date.parse('2026-12-02T10:00:00+08:00');
const talk = (...lines: [TCallTranscriptSegment['side'], string][]): TCallTranscriptSegment[] =>
  lines.map(([side, text], i) => ({ side, fromSec: i * 3, toSec: i * 3 + 2, text }));

describe('development rule analyst', () => {
  it("segments Chinese into words with the runtime's own dictionary", () => {
    expect(wordsOf('我们暂时不需要，太贵了')).toEqual(['我们', '暂时', '不需要', '太', '贵了']);
  });

  it('grades an agreed next step with interest A, with its Beijing date', () => {
    const insight = analyseByRules(
      talk(
        ['agent', '王总您好，我们的产品可以帮您提升外呼效率。'],
        ['customer', '可以，你加我微信发点资料，明天再聊。'],
      ),
      callStartedAt,
    );
    expect(insight).toMatchObject({
      engine: rulesEngine,
      intention: 'A',
      nextStep: '添加微信并发送资料',
      nextDate: '2026-12-03',
      objections: [],
    });
    expect(insight.summary).toContain('客户：可以，你加我微信发点资料');
  });

  it('grades a refusal D and names the objections it heard', () => {
    const insight = analyseByRules(talk(['customer', '不需要，太贵了，别打了。']), callStartedAt);
    expect(insight.intention).toBe('D');
    expect(insight.intentionReason).toContain('不需要');
    expect(insight.objections).toEqual(['价格', '没有需求']);
    expect(insight.followUpSuggestion).toContain('暂停跟进');
  });

  it('matches whole words only: 贵公司 is no price objection', () => {
    const insight = analyseByRules(talk(['customer', '贵公司是做什么的？下周再说吧。']), callStartedAt);
    expect(insight.objections).toEqual([]);
    // 下周 from a Wednesday is the next Monday.
    expect(insight.nextDate).toBe('2026-12-07');
  });

  it("grades the carrier simulator's sentence C: an answer without interest or refusal", () => {
    const insight = analyseByRules(
      talk(['customer', '您好，这里是云呼模拟运营商，这是一通测试通话，对方不是真实客户。']),
      callStartedAt,
    );
    expect(insight).toMatchObject({ intention: 'C', objections: [], nextStep: '', nextDate: null });
    expect(insight.summary.length).toBeLessThanOrEqual(300);
  });
});
