import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). This file sits one level below it both as a source
 * (src/paths.ts, run by tsx and vitest) and inside the built bundle (dist/main.js, where
 * `import.meta.url` is the bundle's), so one step up serves both. Files the server reads beside its
 * code (migrations, the built web app, Kamailio's config) are found from here, never from a module's
 * own place, which the bundle does not keep.
 */
export const serverRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The repository's root (deploy/, apps/web/dist). */
export const repoRoot = path.resolve(serverRoot, '../..');
