import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file of `assets/` by its content hash: a changed file is a new URL. */
const hashedDir = `assets${path.sep}`;

export const cacheControl = {
  hashed: 'public, max-age=31536000, immutable',
  /** The page names the current hashed files: always asked again (a 304 when unchanged). */
  page: 'no-cache',
  /** Unhashed public files (logo, the guide's pictures): an hour, then revalidated. */
  other: 'public, max-age=3600',
} as const;

/** The cache policy of one file of the built app, by its path relative to the root. */
export const cacheControlOf = (relativePath: string) => {
  const file = relativePath.replace(/\.(br|gz)$/, '');
  if (file.startsWith(hashedDir)) return cacheControl.hashed;
  if (file.endsWith('.html')) return cacheControl.page;
  return cacheControl.other;
};

/**
 * The built web app. The build writes a brotli and a gzip copy beside each text
 * file (`apps/web/build/precompress.ts`); the client gets the best one its `Accept-Encoding` allows (br,
 * then gzip, else the file itself), with `Vary: Accept-Encoding`, so nothing is compressed per request.
 *
 * API answers stay uncompressed on purpose: a first load's JSON is a few KB (`bench/first-load.bench.ts`
 * prints it per route), downloads are xlsx (zip already) streamed at the client's pace, and per-request
 * compression would cost CPU on every call for little gain.
 */
export const registerWebApp = async (app: FastifyInstance, root: string) => {
  await app.register(fastifyStatic, {
    root,
    // An array: with `preCompressed`, @fastify/static looks the page of `/` up only in an array.
    index: ['index.html'],
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlOf(path.relative(root, filePath)));
    },
  });
};
