import { sandboxPayAct, sandboxPayPagePath } from '@yunhu/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { notifyAnswer } from './pay-notify-answer.js';
import type { TSandboxChannel } from './pay-sandbox.js';
import type { TTradeService } from './trade.service.js';

/**
 * The channels' notify endpoint, `POST /pay/notify/:channel`: its body is kept raw (the signature
 * covers the exact bytes), so it lives in a scope of its own with a text parser for every type.
 */
export const registerPayNotify = (app: FastifyInstance, trade: TTradeService) =>
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    // What fails before the handler or inside it is answered in the channel's language too: a
    // 200 with our envelope would tell WeChat Pay it was received, and it would not send it again.
    scope.setErrorHandler((error: FastifyError, req, reply) => {
      const { channel = '' } = (req.params ?? {}) as { channel?: string };
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      const message = status === 413 ? '通知内容过大' : status < 500 ? '通知内容无法读取' : '系统繁忙，请稍后重试';
      if (status >= 500) req.log.error({ err: error, channel }, 'pay: notification failed');
      else req.log.warn({ channel, code: error.code }, 'pay: notification refused before reading');
      const answer = notifyAnswer(channel, { status, message });
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    });
    scope.post('/pay/notify/:channel', async (req, reply) => {
      const { channel } = req.params as { channel: string };
      const raw = typeof req.body === 'string' ? req.body : '';
      const answer = await trade.notify(channel, req.headers, raw);
      return reply.status(answer.status).type(answer.contentType).send(answer.body);
    });
  });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The sandbox channel's "phone" (development only, like /dev/wechat/scan-page): the page the QR
 * code points at, where a person or a test pays, declines or simply leaves (abandons).
 */
export const registerSandboxPayPage = (app: FastifyInstance, sandbox: TSandboxChannel) => {
  app.get(sandboxPayPagePath, async (req, reply) => {
    const t = String((req.query as { t?: string }).t ?? '').replace(/[^A-Za-z0-9]/g, '');
    const trade = await sandbox.trade(t);
    const body = trade
      ? `<p>商品：${escapeHtml(trade.subject)}</p><p class="amount">¥${(trade.amount / 100).toFixed(2)}</p>
<p class="no">交易号 ${t}</p>
<button id="pay">确认支付</button><button id="decline" class="gray">拒绝支付</button>`
      : '<p>交易不存在或已失效</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'")
      .send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>模拟支付</title>
<style>body{font-family:sans-serif;max-width:360px;margin:40px auto;padding:0 16px;color:#333}
button{width:100%;box-sizing:border-box;padding:12px;margin:8px 0;font-size:16px;border:0;border-radius:4px;background:#1677ff;color:#fff}
button.gray{background:#999}.amount{font-size:32px;font-weight:bold}.no{color:#999;font-size:12px}#msg{margin-top:12px}</style></head>
<body><h2>模拟支付（开发环境）</h2>
<p>这是开发用的支付渠道模拟器：确认支付相当于在手机上扫码付款，渠道随后向服务器发送签名的支付通知；关闭本页即为放弃支付。</p>
${body}<div id="msg"></div>
<script>
const act = async (action) => {
  const res = await fetch('${sandboxPayAct.path}', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ t: ${JSON.stringify(t)}, action }) });
  const body = await res.json();
  document.getElementById('msg').textContent = body.msg;
};
document.getElementById('pay')?.addEventListener('click', () => act('pay'));
document.getElementById('decline')?.addEventListener('click', () => act('decline'));
</script></body></html>`);
  });
  app.post(sandboxPayAct.path, async (req, reply) => {
    const input = sandboxPayAct.request.safeParse(req.body ?? {});
    if (!input.success) return reply.send({ code: 10002, msg: '请求不正确', data: null });
    return reply.send({ code: 0, msg: await sandbox.act(input.data.t, input.data.action), data: null });
  });
};
