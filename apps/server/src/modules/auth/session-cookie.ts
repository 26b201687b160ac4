import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie the server reads the token from when no CLOUD-TOKEN header comes (http/bind tokenOf). */
const COOKIE = 'CLOUD_TOKEN';

/**
 * The session cookie is HttpOnly, so a script injected into the page cannot read the token from it
 * (decision 0009); SameSite=Strict keeps other sites' links and forms from carrying it, and Secure
 * follows the scheme the browser used (TRUST_PROXY makes it the proxy's).
 */
const attributes = (req: FastifyRequest, maxAgeSeconds: number) =>
  `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${req.protocol === 'https' ? '; Secure' : ''}`;

/** Sets the token cookie of a session just issued; answers the session unchanged. */
export const withSessionCookie = <T extends object>(req: FastifyRequest, reply: FastifyReply, result: T): T => {
  const session = result as { token?: unknown; expire?: unknown };
  if (typeof session.token === 'string' && typeof session.expire === 'number') {
    const maxAge = Math.max(0, Math.floor((session.expire - Date.now()) / 1000));
    reply.header('set-cookie', `${COOKIE}=${encodeURIComponent(session.token)}; ${attributes(req, maxAge)}`);
  }
  return result;
};

/** Removes the token cookie (sign-out); the page's script cannot, since it is HttpOnly. */
export const clearSessionCookie = <T>(req: FastifyRequest, reply: FastifyReply, result: T): T => {
  reply.header('set-cookie', `${COOKIE}=; ${attributes(req, 0)}`);
  return result;
};
