import {
  shanghaiDay,
  type TCallTranscriptSegment,
  type TExtractedValue,
  type TExtractionField,
  ZCallInsight,
} from '@yunhu/contract';
import { z } from 'zod';
import type { TAnalystOutput, TCallAnalyst } from './speech.adapter.js';
import { SpeechVendorError } from './speech.adapter.js';

export type TOpenAiAnalystConfig = {
  /** An OpenAI-compatible endpoint: DeepSeek, Qwen (DashScope), Hunyuan and others speak it. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /**
   * How the answer's shape is asked for: `json_schema` (strict structured output, where the endpoint has it), or
   * `json_object` with the schema in the prompt, for endpoints that have only JSON mode (DeepSeek's documentation names only that).
   */
  responseFormat: 'json_schema' | 'json_object';
  timeoutSeconds: number;
};

/** The answer's shape the model is held to (strict JSON schema: every field required, nothing more). */
export const insightJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'intention', 'intentionReason', 'objections', 'nextStep', 'nextDate', 'followUpSuggestion'],
  properties: {
    summary: { type: 'string', description: '通话摘要，不超过300字' },
    intention: { type: 'string', enum: ['A', 'B', 'C', 'D'], description: '客户意向等级' },
    intentionReason: { type: 'string', description: '意向等级的依据' },
    objections: { type: 'array', items: { type: 'string' }, description: '客户提出的异议或顾虑' },
    nextStep: { type: 'string', description: '双方约定的下一步，没有则为空字符串' },
    nextDate: {
      type: ['string', 'null'],
      description: '约定下一步的日期（北京时间，YYYY-MM-DD），没有约定则为 null',
    },
    followUpSuggestion: { type: 'string', description: '给坐席的跟进建议' },
  },
} as const;

/** An extraction field's key in the answer (its id: names may change, ids do not). */
const fieldKey = (f: TExtractionField) => `f${f.id}`;

/** An extraction field's JSON schema: its type, or null when the call does not tell. */
const fieldSchema = (f: TExtractionField) => {
  const description = [f.name, f.hint].filter(Boolean).join('：');
  switch (f.type) {
    case 'text':
      return { type: ['string', 'null'], description };
    case 'choice':
      return { type: ['string', 'null'], enum: [...f.options, null], description };
    case 'boolean':
      return { type: ['boolean', 'null'], description };
    case 'number':
      return { type: ['number', 'null'], description };
  }
};

/** The answer's schema: the reading, and with extraction fields an object of them (each required, null allowed). */
export const analysisJsonSchema = (fields: readonly TExtractionField[]) =>
  fields.length
    ? {
        ...insightJsonSchema,
        required: [...insightJsonSchema.required, 'fields'],
        properties: {
          ...insightJsonSchema.properties,
          fields: {
            type: 'object',
            description: '企业自定义的提取字段，通话中没有提及的为 null',
            additionalProperties: false,
            required: fields.map(fieldKey),
            properties: Object.fromEntries(fields.map((f) => [fieldKey(f), fieldSchema(f)])),
          },
        },
      }
    : insightJsonSchema;

const isOfType = (f: TExtractionField, v: unknown) =>
  f.type === 'boolean'
    ? typeof v === 'boolean'
    : f.type === 'number'
      ? typeof v === 'number' && Number.isFinite(v)
      : typeof v === 'string' && (f.type === 'text' || f.options.includes(v));

/** The model's values of the fields, each checked against its type (a 单选 against its options). */
const extractedOf = (fields: readonly TExtractionField[], answer: unknown): TExtractedValue[] => {
  const given =
    answer && typeof answer === 'object' && 'fields' in answer && answer.fields && typeof answer.fields === 'object'
      ? (answer.fields as Record<string, unknown>)
      : {};
  return fields.map((f) => {
    const base = { fieldId: f.id, name: f.name, type: f.type };
    const v = given[fieldKey(f)];
    if (v === null || v === undefined || v === '') return { ...base, value: null, note: '通话中未提及' };
    if (!isOfType(f, v)) return { ...base, value: null, note: '模型的回答不符合字段类型' };
    return { ...base, value: typeof v === 'string' ? v.slice(0, 200) : (v as number | boolean), note: '' };
  });
};

const systemPrompt = [
  '你是电话销售的质检与分析助手。根据通话转写（坐席与客户两方）给出结构化分析，只依据转写内容，不要编造。',
  '意向等级：A 客户有明确兴趣并约定了下一步；B 客户有一定兴趣但未约定；C 客户未表现出兴趣也未拒绝；D 客户明确拒绝。',
  '摘要不超过300字；日期按通话日期推算为 YYYY-MM-DD，未约定则为 null。',
  '单声道录音的转写不区分说话方（标为“未区分”）：只依据内容判断，分不清是谁说的就不要当作客户的话。',
].join('\n');

/** JSON mode holds the model to JSON only: the prompt names the shape (and the word json, which it requires). */
const jsonModePrompt = (schema: object) =>
  `${systemPrompt}\n只输出一个 json 对象，符合以下 JSON Schema：\n${JSON.stringify(schema)}`;

const speakerName = { agent: '坐席', customer: '客户' } as const;

const transcriptText = (segments: readonly TCallTranscriptSegment[]) =>
  segments.map((s) => `[${s.fromSec.toFixed(1)}s] ${s.side ? speakerName[s.side] : '未区分'}：${s.text}`).join('\n');

/** The model's answer, read with the contract's schema; an over-long summary is cut, an empty date is none. */
const ZAnswer = ZCallInsight.omit({ engine: true }).extend({
  summary: z.string().transform((s) => s.slice(0, 300)),
  nextDate: z.preprocess((v) => (v === '' ? null : v), ZCallInsight.shape.nextDate),
});

/**
 * The analyst on an OpenAI-compatible chat endpoint through the `openai` SDK: the transcript and the
 * call's day in, a structured answer (`response_format` json_schema, strict, or JSON mode with the
 * schema in the prompt) out, checked with zod.
 * A refused request (a wrong key, an unknown model: 4xx but 429) is stored as the vendor said it;
 * anything else is thrown for the queue's retry. The SDK is loaded when the adapter is configured.
 */
export const createOpenAiAnalyst = async (
  config: TOpenAiAnalystConfig,
  /** Replaces the SDK's fetch (tests). */
  fetch?: typeof globalThis.fetch,
): Promise<TCallAnalyst> => {
  const { default: OpenAI, APIError } = await import('openai');
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: config.timeoutSeconds * 1000,
    // The job queue retries the whole analysis with its backoff.
    maxRetries: 0,
    ...(fetch ? { fetch } : {}),
  });
  const engine = `大模型分析（${config.model}）`;
  return {
    engine,
    isCloud: true,
    canReadMono: true,
    analyse: async ({ segments, callStartedAt, signal, fields = [] }): Promise<TAnalystOutput> => {
      const schema = analysisJsonSchema(fields);
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create(
          {
            model: config.model,
            temperature: 0,
            messages: [
              {
                role: 'system',
                content: config.responseFormat === 'json_object' ? jsonModePrompt(schema) : systemPrompt,
              },
              {
                role: 'user',
                content: `通话日期：${shanghaiDay(callStartedAt)}\n通话转写：\n${transcriptText(segments)}`,
              },
            ],
            response_format:
              config.responseFormat === 'json_object'
                ? { type: 'json_object' }
                : {
                    type: 'json_schema',
                    json_schema: { name: 'call_insight', strict: true, schema },
                  },
          },
          { signal },
        );
        content = completion.choices[0]?.message.content;
      } catch (error) {
        if (
          error instanceof APIError &&
          error.status &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429
        ) {
          throw new SpeechVendorError(`分析模型拒绝了请求：${error.status} ${error.message}`.slice(0, 200));
        }
        throw error;
      }
      let answer: unknown;
      try {
        answer = JSON.parse(content ?? '');
      } catch {
        throw new SpeechVendorError('分析模型的回答不是 JSON');
      }
      const parsed = ZAnswer.safeParse(answer);
      if (!parsed.success) throw new SpeechVendorError('分析模型的回答不符合要求的格式');
      return { engine, ...parsed.data, ...(fields.length ? { extracted: extractedOf(fields, answer) } : {}) };
    },
  };
};
