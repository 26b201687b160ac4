import { z } from 'zod';
import { ZNull, zString } from './http.js';
import { routesOf } from './route.js';

const route = routesOf('trade');

/**
 * The sandbox payment channel's "phone" (development only, docs/decisions/0017-commerce.md): the
 * page its QR code opens, where a person or a test pays or declines. The server registers both by
 * hand, beside the channel, because the page answers HTML rather than an envelope; they are
 * declared here, outside the route table, so the server, the page and the end-to-end tests name
 * them once.
 */
export const sandboxPayPagePath = '/dev/pay/page';

/** The page's act: pay or decline the sandbox trade `t` (its out-trade number); `msg` says how it went. */
export const sandboxPayAct = route({
  method: 'POST',
  path: '/dev/pay/act',
  summary: '模拟支付',
  access: 'public',
  devOnly: true,
  request: z.object({ t: zString, action: z.enum(['pay', 'decline']) }),
  response: ZNull,
});
