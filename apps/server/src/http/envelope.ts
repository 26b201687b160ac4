import { ResultCode, uploadLimits } from '@yunhu/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isConnectionLost, isPoolExhausted } from '../db/client.js';
import { AppError, commonErrors, internalErrorMessage } from './errors.js';

export const ok = <T>(data: T) => ({ code: ResultCode.ok, msg: 'success', data });
/** A refusal: `reason` is the error's stable key (http/errors.ts), the same for every wording of it. */
export const fail = (code: number, msg: string, reason = 'common.invalidInput') => ({ code, msg, data: null, reason });

// The Chinese names of the fields people type in forms: a refusal names the field as the form labels it.
const fieldLabels: Record<string, string> = {
  mobile: '手机号',
  password: '密码',
  username: '账号',
  realName: '姓名',
};

/** The first problem of a failed validation, in Chinese, naming the field (by its Chinese name when it has one). */
export const describeZodError = (error: ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return '请求参数不正确';
  const field = issue.path.join('.');
  const message = issue.code === 'unrecognized_keys' ? `不支持的字段：${issue.keys.join('、')}` : issue.message;
  const isChinese = /[\u4e00-\u9fa5]/.test(message);
  const text = isChinese ? message : '格式不正确';
  if (!field) return text;
  const label = fieldLabels[String(issue.path.at(-1))];
  if (!label) return `${text}（字段：${field}）`;
  // 「手机号格式不正确」 names its field already; 「请输入…」 or 「格式不正确」 is told which one.
  return text.includes(label) ? text : `${text}（${label}）`;
};

/**
 * The answer of a server too busy to serve a request now — past the admission limit (http/admission.ts),
 * or its database out of reach for a moment (no connection came free in time, or the connection
 * was cut and the request could not run again): HTTP 503 with the busy envelope, 服务繁忙，请稍后重试.
 * Not a 200: a load balancer, a proxy and the bench count it as a refusal, and the web client shows
 * the envelope's message for any status. Nothing was done, so asking again is safe.
 */
export const sendBusy = (reply: FastifyReply) => {
  const busy = commonErrors.busy();
  // Retry-After: a client or proxy that retries waits a second instead of adding to the burst.
  return reply
    .status(503)
    .header('retry-after', '1')
    .send(fail(busy.code, busy.message, busy.reason));
};

const fastifyErrorMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的JSON',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请使用文件上传格式提交',
  FST_REQ_FILE_TOO_LARGE: `文件不能超过${uploadLimits.maxBytes / 1024 / 1024}MB`,
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_PARTS_LIMIT: '上传内容过多',
};

/**
 * The multipart parser (@fastify/busboy) fails a malformed upload with a plain Error and no code:
 * known by its text, refused as the client's fault.
 */
const isMalformedMultipart = (error: Error) => /^Multipart: |unexpected end of multipart data/i.test(error.message);

/**
 * Every answer is the `{code,msg,data}` envelope with HTTP 200 (DESIGN.md section 3): business
 * errors, validation, malformed bodies, unknown routes and unexpected exceptions alike; only a
 * server too busy to serve answers its envelope with 503 (sendBusy), as a transport failure.
 * Details of unexpected failures go to the log only.
 */
export const registerEnvelope = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.reason === commonErrors.keys.busy) return sendBusy(reply);
      return reply.status(200).send(fail(error.code, error.message, error.reason));
    }
    if (error instanceof ZodError) return reply.status(200).send(fail(ResultCode.invalid, describeZodError(error)));
    const known = 'code' in error && typeof error.code === 'string' ? fastifyErrorMessages[error.code] : undefined;
    if (known) return reply.status(200).send(fail(ResultCode.invalid, known));
    if (isMalformedMultipart(error)) return reply.status(200).send(fail(ResultCode.invalid, '上传内容格式不正确'));
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 0;
    // The static files' refusals (a NUL or `..` in the path, a missing file) are the client's doing.
    if (status === 404) return reply.status(200).send(fail(ResultCode.notFound, '文件不存在', 'common.notFound'));
    if (error instanceof SyntaxError || (status >= 400 && status < 500)) {
      return reply.status(200).send(fail(ResultCode.invalid, '请求格式错误'));
    }
    // The database out of reach for a moment: nothing was done (http/bind.ts ran a read again
    // already), so the user is told to ask again, not shown an internal error.
    if (isConnectionLost(error) || isPoolExhausted(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendBusy(reply);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(200).send(fail(ResultCode.serverError, internalErrorMessage, 'common.internal'));
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(200).send(fail(ResultCode.notFound, '接口不存在', 'common.notFound')),
  );
};

/**
 * Fastify's own refusals of a URL before any route runs (a malformed escape, a path parameter over
 * its length): given to Fastify as `frameworkErrors`, so they are enveloped like everything else.
 */
export const frameworkErrors = (_error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
  reply.status(200).send(fail(ResultCode.invalid, '请求地址不正确'));
