import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie the server reads the token from when no CLOUD-TOKEN header comes (http/bind tokenOf). */
const TOKEN_COOKIE = 'CLOUD_TOKEN';
/**
 * Beside it, a mark the page's script can read, holding no secret: it tells a new tab that a
 * cookie session exists, since the script cannot see the HttpOnly token (web shared/http/token.ts).
 */
const MARK_COOKIE = 'CLOUD_SESSION';

/**
 * The token cookie is HttpOnly, so a script injected into the page cannot read the token from it
 * (decision 0009); SameSite=Strict keeps other sites' links and forms from carrying it, and Secure
 * follows the scheme the browser used (TRUST_PROXY makes it the proxy's).
 */
const attributes = (req: FastifyRequest, maxAgeSeconds: number, isHttpOnly: boolean) =>
  `Path=/; Max-Age=${maxAgeSeconds}${isHttpOnly ? '; HttpOnly' : ''}; SameSite=Strict${req.protocol === 'https' ? '; Secure' : ''}`;

/** Sets the token cookie of a session just issued (a result with token and expire); answers the result unchanged. */
export const withSessionCookie = <T extends object>(req: FastifyRequest, reply: FastifyReply, result: T): T => {
  const session = result as { token?: unknown; expire?: unknown };
  if (typeof session.token === 'string' && typeof session.expire === 'number') {
    const maxAge = Math.max(0, Math.floor((session.expire - Date.now()) / 1000));
    reply.header('set-cookie', [
      `${TOKEN_COOKIE}=${encodeURIComponent(session.token)}; ${attributes(req, maxAge, true)}`,
      `${MARK_COOKIE}=1; ${attributes(req, maxAge, false)}`,
    ]);
  }
  return result;
};

/** Removes the token cookie and its mark (sign-out); the page's script cannot remove the HttpOnly one. */
export const clearSessionCookie = <T>(req: FastifyRequest, reply: FastifyReply, result: T): T => {
  reply.header('set-cookie', [
    `${TOKEN_COOKIE}=; ${attributes(req, 0, true)}`,
    `${MARK_COOKIE}=; ${attributes(req, 0, false)}`,
  ]);
  return result;
};
