import type { TCallTranscriptSegment, TExtractionField } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { createRulesAnalyst } from './analyst-rules.js';

const field = (id: number, over: Partial<TExtractionField>): TExtractionField => ({
  id,
  name: `字段${id}`,
  type: 'text',
  options: [],
  hint: '',
  keywords: [],
  sort: 0,
  ...over,
});

const segments: TCallTranscriptSegment[] = [
  { side: 'agent', fromSec: 0, toSec: 2, text: '您好，请问公司现在有几个销售？' },
  { side: 'customer', fromSec: 2.5, toSec: 5, text: '我们有销售 12 个人，已经在用别家的系统，预算不多。' },
];

describe('the rule engine’s extraction fields', () => {
  it('fills 是否 by keywords, 数字 after a keyword, 单选 by the option said, and leaves 文本 empty saying so', async () => {
    const fields = [
      field(1, { name: '已有系统', type: 'boolean', keywords: ['在用', '已经有'] }),
      field(2, { name: '有微信', type: 'boolean', keywords: ['微信'] }),
      field(3, { name: '销售人数', type: 'number', keywords: ['销售'] }),
      field(4, { name: '关注点', type: 'choice', options: ['价格', '预算', '功能'] }),
      field(5, { name: '客户职位', type: 'text' }),
    ];
    const { extracted } = await createRulesAnalyst().analyse({ segments, callStartedAt: 0, fields });
    expect(extracted!.map((f) => [f.name, f.value])).toEqual([
      ['已有系统', true],
      ['有微信', false],
      ['销售人数', 12],
      ['关注点', '预算'],
      ['客户职位', null],
    ]);
    expect(extracted![4]!.note).toBe('规则分析不填写文本字段');
    expect(extracted![0]!.note).toBe('提到：在用');
  });

  it('adds nothing to the reading when the enterprise has no fields', async () => {
    expect(await createRulesAnalyst().analyse({ segments, callStartedAt: 0 })).not.toHaveProperty('extracted');
  });
});
