import type { TCallTranscriptSegment, TExtractionField } from '@yunhu/contract';
import { describe, expect, it } from 'vitest';
import { createOpenAiAnalyst, insightJsonSchema } from './analyst-openai.js';
import { SpeechVendorError } from './speech.adapter.js';

type TSent = { url: string; authorization: string | null; body: Record<string, unknown> };

/** A fetch that answers as the chat-completions reference shows, keeping what the SDK sent. */
const fakeFetch = (answer: { status: number; body: unknown }) => {
  const sent: TSent[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      authorization: new Headers(init?.headers).get('authorization'),
      body: JSON.parse(String(init?.body)),
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, sent };
};

const completion = (content: string) => ({
  status: 200,
  body: {
    id: 'chatcmpl-123',
    object: 'chat.completion',
    created: 1764727200,
    model: 'deepseek-chat',
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' },
    ],
    usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
  },
});

const config = {
  baseUrl: 'https://api.deepseek.com/v1',
  apiKey: 'sk-test',
  model: 'deepseek-chat',
  responseFormat: 'json_schema' as const,
  timeoutSeconds: 30,
};
const segments: TCallTranscriptSegment[] = [
  { side: 'agent', fromSec: 0.5, toSec: 2.1, text: '王总您好，我是云呼的小李。' },
  { side: 'customer', fromSec: 2.6, toSec: 4.0, text: '你加我微信吧，明天发资料。' },
];
/** 2026-12-02 23:30 in Beijing (15:30 UTC): the call's day is Beijing's. */
const callStartedAt = Date.parse('2026-12-02T15:30:00Z');

describe('OpenAI-compatible analyst', () => {
  it('asks the chat endpoint for the strict JSON schema and reads the answer with zod', async () => {
    const answer = {
      summary: '客户同意加微信，约定明天发送资料。',
      intention: 'A',
      intentionReason: '客户主动要求加微信并约定时间',
      objections: [],
      nextStep: '添加微信并发送资料',
      nextDate: '2026-12-03',
      followUpSuggestion: '明天上午发送产品资料并确认客户需求',
    };
    const { fetch, sent } = fakeFetch(completion(JSON.stringify(answer)));
    const analyst = await createOpenAiAnalyst(config, fetch);
    expect(await analyst.analyse({ segments, callStartedAt })).toEqual({
      engine: '大模型分析（deepseek-chat）',
      ...answer,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://api.deepseek.com/v1/chat/completions');
    expect(sent[0]!.authorization).toBe('Bearer sk-test');
    const body = sent[0]!.body as {
      model: string;
      messages: { role: string; content: string }[];
      response_format: unknown;
    };
    expect(body.model).toBe('deepseek-chat');
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'call_insight', strict: true, schema: insightJsonSchema },
    });
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1]!.content).toBe(
      '通话日期：2026-12-02\n通话转写：\n[0.5s] 坐席：王总您好，我是云呼的小李。\n[2.6s] 客户：你加我微信吧，明天发资料。',
    );
  });

  it('hands a mono recording’s sentences over as 未区分, and says in the prompt not to take them for the customer’s', async () => {
    const { fetch, sent } = fakeFetch(
      completion(
        JSON.stringify({
          summary: '通话双方约定加微信发资料（单声道，未区分说话方）',
          intention: 'B',
          intentionReason: '有人提出加微信，无法确认是客户所说',
          objections: [],
          nextStep: '',
          nextDate: null,
          followUpSuggestion: '核实后再联系',
        }),
      ),
    );
    const analyst = await createOpenAiAnalyst(config, fetch);
    expect(analyst.canReadMono).toBe(true);
    const mono = segments.map((s) => ({ ...s, side: null }));
    expect((await analyst.analyse({ segments: mono, callStartedAt })).intention).toBe('B');
    const body = sent[0]!.body as { messages: { content: string }[] };
    expect(body.messages[0]!.content).toContain('单声道录音的转写不区分说话方');
    expect(body.messages[1]!.content).toBe(
      '通话日期：2026-12-02\n通话转写：\n[0.5s] 未区分：王总您好，我是云呼的小李。\n[2.6s] 未区分：你加我微信吧，明天发资料。',
    );
  });

  it('asks an endpoint that takes only JSON mode for a json object, with the schema in the prompt', async () => {
    const { fetch, sent } = fakeFetch(
      completion(
        JSON.stringify({
          summary: '客户要资料',
          intention: 'B',
          intentionReason: '有兴趣',
          objections: [],
          nextStep: '',
          nextDate: null,
          followUpSuggestion: '发资料',
        }),
      ),
    );
    const analyst = await createOpenAiAnalyst({ ...config, responseFormat: 'json_object' }, fetch);
    expect((await analyst.analyse({ segments, callStartedAt })).intention).toBe('B');
    const body = sent[0]!.body as { response_format: unknown; messages: { content: string }[] };
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]!.content).toContain(JSON.stringify(insightJsonSchema));
  });

  it('cuts a summary over 300 characters and takes an empty date as none', async () => {
    const { fetch } = fakeFetch(
      completion(
        JSON.stringify({
          summary: '长'.repeat(320),
          intention: 'C',
          intentionReason: '未表态',
          objections: ['价格'],
          nextStep: '',
          nextDate: '',
          followUpSuggestion: '再联系',
        }),
      ),
    );
    const insight = await (await createOpenAiAnalyst(config, fetch)).analyse({ segments, callStartedAt });
    expect(insight.summary).toHaveLength(300);
    expect(insight.nextDate).toBeNull();
  });

  it('refuses an answer outside the schema, and stores a refused key as the vendor said it', async () => {
    const wrong = fakeFetch(completion(JSON.stringify({ summary: '好', intention: 'E' })));
    await expect((await createOpenAiAnalyst(config, wrong.fetch)).analyse({ segments, callStartedAt })).rejects.toThrow(
      new SpeechVendorError('分析模型的回答不符合要求的格式'),
    );
    const refused = fakeFetch({
      status: 401,
      body: {
        error: {
          message: 'Authentication Fails (no such user)',
          type: 'authentication_error',
          code: 'invalid_request_error',
        },
      },
    });
    const failure = (await createOpenAiAnalyst(config, refused.fetch)).analyse({ segments, callStartedAt });
    await expect(failure).rejects.toBeInstanceOf(SpeechVendorError);
    await expect(failure).rejects.toThrow('401');
  });

  it('leaves a server error to the queue’s retry, without retrying it itself', async () => {
    const down = fakeFetch({ status: 503, body: { error: { message: 'Service Unavailable' } } });
    const failure = (await createOpenAiAnalyst(config, down.fetch)).analyse({ segments, callStartedAt });
    await expect(failure).rejects.not.toBeInstanceOf(SpeechVendorError);
    expect(down.sent).toHaveLength(1);
  });
});

describe('OpenAI-compatible analyst with the enterprise’s extraction fields', () => {
  const fields: TExtractionField[] = [
    { id: 7, name: '预算', type: 'number', options: [], hint: '客户每月预算（元）', keywords: [], sort: 0 },
    { id: 8, name: '决策人', type: 'boolean', options: [], hint: '接听者是否决策人', keywords: [], sort: 1 },
    { id: 9, name: '关注点', type: 'choice', options: ['价格', '功能'], hint: '', keywords: [], sort: 2 },
    { id: 10, name: '竞品', type: 'text', options: [], hint: '客户在用的产品', keywords: [], sort: 3 },
  ];
  const reading = {
    summary: '客户关注价格。',
    intention: 'B',
    intentionReason: '有兴趣',
    objections: ['价格'],
    nextStep: '',
    nextDate: null,
    followUpSuggestion: '发送报价',
  };

  it('asks for the fields in the strict schema, each typed and nullable, and reads them by their type', async () => {
    const answer = { ...reading, fields: { f7: 3000, f8: 'yes', f9: '价格', f10: null } };
    const { fetch, sent } = fakeFetch(completion(JSON.stringify(answer)));
    const analyst = await createOpenAiAnalyst(config, fetch);
    const out = await analyst.analyse({ segments, callStartedAt, fields });
    expect(out).toEqual({
      engine: '大模型分析（deepseek-chat）',
      ...reading,
      extracted: [
        { fieldId: 7, name: '预算', type: 'number', value: 3000, note: '' },
        { fieldId: 8, name: '决策人', type: 'boolean', value: null, note: '模型的回答不符合字段类型' },
        { fieldId: 9, name: '关注点', type: 'choice', value: '价格', note: '' },
        { fieldId: 10, name: '竞品', type: 'text', value: null, note: '通话中未提及' },
      ],
    });
    const format = sent[0]!.body.response_format as {
      type: string;
      json_schema: { strict: boolean; schema: { required: string[]; properties: Record<string, unknown> } };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.strict).toBe(true);
    expect(format.json_schema.schema.required).toEqual([...insightJsonSchema.required, 'fields']);
    expect(format.json_schema.schema.properties.fields).toEqual({
      type: 'object',
      description: '企业自定义的提取字段，通话中没有提及的为 null',
      additionalProperties: false,
      required: ['f7', 'f8', 'f9', 'f10'],
      properties: {
        f7: { type: ['number', 'null'], description: '预算：客户每月预算（元）' },
        f8: { type: ['boolean', 'null'], description: '决策人：接听者是否决策人' },
        f9: { type: ['string', 'null'], enum: ['价格', '功能', null], description: '关注点' },
        f10: { type: ['string', 'null'], description: '竞品：客户在用的产品' },
      },
    });
  });

  it('puts the fields’ schema into the prompt in JSON mode', async () => {
    const { fetch, sent } = fakeFetch(completion(JSON.stringify({ ...reading, fields: {} })));
    const analyst = await createOpenAiAnalyst({ ...config, responseFormat: 'json_object' }, fetch);
    const out = await analyst.analyse({ segments, callStartedAt, fields });
    expect(out.extracted!.every((f) => f.value === null && f.note === '通话中未提及')).toBe(true);
    const body = sent[0]!.body as { messages: { content: string }[]; response_format: unknown };
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(body.messages[0]!.content).toContain(
      '"f10":{"type":["string","null"],"description":"竞品：客户在用的产品"}',
    );
  });
});
