import { allRoutes, type TRouteDef } from '@yunhu/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

type TJsonSchema = Record<string, unknown>;

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its `$schema` line. */
const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): TJsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest as TJsonSchema;
};

/** Every answer is the product's envelope; `data` is the route's response. */
const envelopeOf = (data: TJsonSchema): TJsonSchema => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: '0 成功；401 密钥无效；403 无权限；其他为业务错误' },
    msg: { type: 'string' },
    data,
    reason: { type: 'string', description: '错误的稳定标识' },
  },
});

/** A GET route's input as query parameters, one per property of its request schema. */
const queryParameters = (schema: TJsonSchema) => {
  const props = (schema.properties ?? {}) as Record<string, TJsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
};

const operationOf = (route: TRouteDef) => {
  const request = jsonSchemaOf(route.request, 'input');
  return {
    operationId: route.path.replace(/^\/+/, '').replace(/[^A-Za-z0-9]+/g, '_'),
    summary: route.summary,
    tags: [route.module],
    security: [{ apiKey: [] }],
    'x-permission': route.permission,
    ...(route.method === 'GET'
      ? { parameters: queryParameters(request) }
      : { requestBody: { required: true, content: { 'application/json': { schema: request } } } }),
    responses: {
      '200': {
        description: '统一响应信封（HTTP 状态总为 200，结果看 code）',
        content: { 'application/json': { schema: envelopeOf(jsonSchemaOf(route.response, 'output')) } },
      },
    },
  };
};

/** The routes the contract opens to API keys. */
export const openApiRoutes = (): TRouteDef[] => allRoutes().filter((r) => r.openApi);

/** The OpenAPI 3.1 document of the open API, generated from the contract's route table. */
export const openApiDocument = (serverUrl = '/') => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of openApiRoutes()) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '云呼开放接口',
      version: '1.0.0',
      description:
        '以 API 密钥调用：请求头 Authorization: Bearer <密钥>。密钥代表创建它的管理员所在企业，只拥有创建时选择且创建人仍拥有的权限，数据范围与创建人相同；每个密钥每分钟有请求次数上限。',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'yk_ 开头的 API 密钥' } } },
    paths,
  };
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A reference page rendered on the server from the document: no script, so any policy serves it. */
const referencePage = (doc: ReturnType<typeof openApiDocument>) => {
  const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const o = op as { summary: string; 'x-permission': string | null };
      return `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code> ${escapeHtml(o.summary)}</h2><p>所需权限：<code>${escapeHtml(o['x-permission'] ?? '无')}</code></p><pre>${escapeHtml(JSON.stringify(op, null, 2))}</pre></section>`;
    }),
  );
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px}pre{background:#f6f8fa;padding:12px;overflow:auto;font-size:12px}h2{font-size:16px}</style></head>
<body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p><p>OpenAPI 3.1 文档：<a href="/open/openapi.json">/open/openapi.json</a></p>${rows.join('')}</body></html>`;
};

/** `/open/openapi.json` and its reference page `/open/docs`: public, like any API's documentation. */
export const registerOpenApiDocument = (app: FastifyInstance) => {
  const doc = openApiDocument();
  const page = referencePage(doc);
  app.get('/open/openapi.json', async (_req, reply) => reply.header('Cache-Control', 'no-cache').send(doc));
  app.get('/open/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
};
