import { beijingOffsetMs, type TCallInsight, type TCallIntention, type TCallTranscriptSegment } from '@yunhu/contract';
import { extractByRules } from './extract-rules.js';
import type { TCallAnalyst } from './speech.adapter.js';
import { holds, wordsOf } from './words.js';

export { holds, wordsOf };

export const rulesEngine = '规则分析（开发环境）';

/**
 * The words the rules look for, matched as whole words of the segmented text (so 贵 is not found in
 * 贵公司). The enterprise's own words are its quality rules, applied after the reading (quality.evaluate.ts).
 */
const objectionWords: Record<string, readonly string[]> = {
  价格: ['贵', '太贵', '贵了', '价格', '预算', '便宜', '优惠', '打折'],
  没有需求: ['不需要', '不用', '用不上', '没需求', '没有需求', '没兴趣', '不感兴趣'],
  时间不便: ['没时间', '在忙', '忙', '开会', '开车', '不方便'],
  信任: ['骗子', '诈骗', '骚扰', '不相信', '不靠谱', '怎么知道'],
  已有供应商: ['已经有', '已经在用', '在用', '合作', '有了'],
};
const refusalWords = ['不需要', '没兴趣', '不感兴趣', '别打', '不要再打', '骗子', '骚扰', '投诉', '拉黑'];
const interestWords = [
  '可以',
  '好的',
  '行',
  '多少钱',
  '怎么',
  '资料',
  '微信',
  '报价',
  '合同',
  '试用',
  '了解',
  '感兴趣',
  '见面',
  '联系',
  '地址',
];
const stepWords: [string, readonly string[]][] = [
  ['添加微信并发送资料', ['微信', '加微信']],
  ['发送资料', ['资料', '发', '邮箱']],
  ['发送报价', ['报价', '多少钱']],
  ['约见面谈', ['见面', '面谈', '拜访', '上门']],
  ['再次电话联系', ['联系', '回电', '再打', '打给']],
];
/** Days from the call's Beijing day a word promises; 下周 is the next Monday, 下个月 its first day. */
const dayWords: [string, (day: Date) => Date][] = [
  ['大后天', (d) => addDays(d, 3)],
  ['后天', (d) => addDays(d, 2)],
  ['明天', (d) => addDays(d, 1)],
  ['下周', (d) => addDays(d, 7 - ((d.getUTCDay() + 6) % 7))],
  ['下个月', (d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))],
];
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

const beijingDay = (at: number) => {
  const local = new Date(at + beijingOffsetMs);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
};

/**
 * The development analyst: deterministic rules over the customer's words (segmented by the runtime's
 * own Intl.Segmenter): a refusal is D, an agreed next step with interest is A, interest alone B,
 * words without either C. It never calls out and says what it matched.
 */
export const createRulesAnalyst = (): TCallAnalyst => ({
  engine: rulesEngine,
  isCloud: false,
  canReadMono: false,
  analyse: async ({ segments, callStartedAt, fields }) => ({
    ...analyseByRules(segments, callStartedAt),
    ...(fields?.length ? { extracted: extractByRules(fields, segments) } : {}),
  }),
});

export const analyseByRules = (segments: readonly TCallTranscriptSegment[], callStartedAt: number): TCallInsight => {
  const customerText = segments
    .filter((s) => s.side === 'customer')
    .map((s) => s.text)
    .join('');
  const agentText = segments
    .filter((s) => s.side === 'agent')
    .map((s) => s.text)
    .join('');
  const words = wordsOf(customerText);
  const allWords = wordsOf(customerText + agentText);
  const refusals = refusalWords.filter((w) => holds(words, w));
  const interest = interestWords.filter((w) => holds(words, w));
  const objections = Object.entries(objectionWords)
    .filter(([, list]) => list.some((w) => holds(words, w)))
    .map(([name]) => name);
  const step = stepWords.find(([, list]) => list.some((w) => holds(allWords, w)));
  const day = dayWords.find(([w]) => holds(allWords, w));
  const nextDate = day ? day[1](beijingDay(callStartedAt)).toISOString().slice(0, 10) : null;

  const [intention, intentionReason]: [TCallIntention, string] =
    refusals.length > 0
      ? ['D', `客户明确拒绝（${refusals.join('、')}）`]
      : interest.length > 0 && (step || nextDate)
        ? ['A', `客户表达兴趣（${interest.join('、')}）并约定了下一步`]
        : interest.length > 0
          ? ['B', `客户表达了一些兴趣（${interest.join('、')}），未约定下一步`]
          : ['C', customerText ? '客户有应答，但未表达兴趣或拒绝' : '客户没有说话'];

  const said = (who: string, text: string) =>
    text ? `${who}：${text.length > 110 ? `${text.slice(0, 110)}…` : text}` : '';
  const summary = [said('客户', customerText), said('坐席', agentText), `意向 ${intention}`]
    .filter(Boolean)
    .join('；')
    .slice(0, 300);
  const nextStep = step ? step[0] : nextDate ? '按约定时间再次联系' : '';
  const followUpSuggestion =
    intention === 'D'
      ? '客户已拒绝，暂停跟进，避免重复拨打'
      : intention === 'A'
        ? `按约定${nextDate ? `在 ${nextDate} ` : ''}${nextStep}`
        : objections.length
          ? `针对客户的顾虑（${objections.join('、')}）准备说明后再联系`
          : '择时再次联系，了解客户需求';
  return {
    engine: rulesEngine,
    summary,
    intention,
    intentionReason,
    objections,
    nextStep,
    nextDate,
    followUpSuggestion,
  };
};
