import type { TCallTranscriptSegment, TExtractedValue, TExtractionField } from '@yunhu/contract';
import { holds, wordsOf } from './words.js';

/**
 * The rule engine's extraction fields, filled only where a rule can tell (docs/decisions/0104):
 * 是否 is 是 when one of the field's keywords is said, 否 otherwise; 数字 the first number said
 * after one of its keywords; 单选 the one option said; 文本 is left to a language model.
 */
export const extractByRules = (
  fields: readonly TExtractionField[],
  segments: readonly TCallTranscriptSegment[],
): TExtractedValue[] => {
  const text = segments.map((s) => s.text).join('\n');
  const words = wordsOf(text);
  return fields.map((f) => {
    const base = { fieldId: f.id, name: f.name, type: f.type };
    switch (f.type) {
      case 'boolean': {
        if (!f.keywords.length) return { ...base, value: null, note: '字段未设置关键词，规则分析无法判断' };
        const said = f.keywords.filter((k) => holds(words, k));
        return said.length
          ? { ...base, value: true, note: `提到：${said.join('、')}` }
          : { ...base, value: false, note: '未提到关键词' };
      }
      case 'number': {
        for (const k of f.keywords) {
          const at = text.indexOf(k);
          const number = at < 0 ? null : /\d+(?:\.\d+)?/.exec(text.slice(at + k.length));
          if (number) return { ...base, value: Number(number[0]), note: `“${k}”之后的数字` };
        }
        return {
          ...base,
          value: null,
          note: f.keywords.length ? '关键词之后没有数字' : '字段未设置关键词，规则分析无法判断',
        };
      }
      case 'choice': {
        const said = f.options.filter((o) => holds(words, o));
        return said.length === 1
          ? { ...base, value: said[0]!, note: '' }
          : { ...base, value: null, note: said.length ? `提到多个选项：${said.join('、')}` : '未提到任何选项' };
      }
      default:
        return { ...base, value: null, note: '规则分析不填写文本字段' };
    }
  });
};
