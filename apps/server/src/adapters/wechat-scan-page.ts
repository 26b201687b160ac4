import type { FastifyInstance } from 'fastify';

/**
 * The development WeChat provider's "phone": the page the QR code points at. A person (or a test)
 * opens it, enters a WeChat identity and confirms, which is what the real app reports to the
 * server. Registered only outside production.
 */
export const registerWechatScanPage = (app: FastifyInstance): void => {
  app.get('/dev/wechat/scan-page', async (req, reply) => {
    const ticket = String((req.query as { ticket?: string }).ticket ?? '').replace(/[^0-9a-f]/g, '');
    return reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'")
      .send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>模拟微信扫码</title>
<style>body{font-family:sans-serif;max-width:360px;margin:40px auto;padding:0 16px;color:#333}
input,button{width:100%;box-sizing:border-box;padding:10px;margin:8px 0;font-size:16px}
button{background:#07c160;color:#fff;border:0;border-radius:4px}#msg{margin-top:12px}</style></head>
<body><h2>模拟微信扫码（开发环境）</h2>
<p>这是开发用的微信登录模拟器：填写一个微信标识并确认，相当于在手机微信中扫码并点击“确认登录”。</p>
<label>微信标识 (openid)<input id="openid" autocomplete="off"></label>
<label>昵称<input id="nickname" value="微信用户"></label>
<button id="confirm">确认登录</button><div id="msg"></div>
<script>
const saved = localStorage.getItem('dev-openid') || 'wx-dev-' + Math.random().toString(36).slice(2, 10);
document.getElementById('openid').value = saved;
document.getElementById('confirm').onclick = async () => {
  const openid = document.getElementById('openid').value.trim();
  localStorage.setItem('dev-openid', openid);
  const res = await fetch('/dev/wechat/scan', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ticket: ${JSON.stringify(ticket)}, openid, nickname: document.getElementById('nickname').value }) });
  const body = await res.json();
  document.getElementById('msg').textContent = body.code === 0 ? '已确认，请回到电脑端' : body.msg;
};
</script></body></html>`);
  });
};
