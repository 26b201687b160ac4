import type { TAppCode } from './app-centre-labels.js';
import { callAnalysisRoutes } from './call-analysis.js';
import { clueRoutes } from './clue.js';
import { clueBatchRoutes } from './clue-batch.js';
import { clueOrderRoutes } from './clue-package.js';
import { ecSyncRoutes } from './ec-sync.js';
import { integrationRoutes } from './integration.js';
import type { TRouteDef, TRouteTable } from './route.js';

/**
 * The add-on (应用中心) each area's routes belong to, declared once per route table: while an
 * enterprise has the add-on off, the server refuses them (its binder), whoever calls, a session or
 * an API key. An area added to an add-on is one line here.
 */
const appAreas: readonly (readonly [TRouteTable, TAppCode])[] = [
  [clueRoutes, 'clue'],
  [clueBatchRoutes, 'clue'],
  // Buying quota needs 企业线索 on; the catalogue is the platform's and stays readable.
  [clueOrderRoutes, 'clue'],
  [integrationRoutes, 'open_platform'],
  [callAnalysisRoutes, 'call_analysis'],
  [ecSyncRoutes, 'tencent_ec'],
];

const appOfRoutes = new Map<TRouteDef, TAppCode>(
  appAreas.flatMap(([table, code]) => Object.values(table).map((r) => [r, code] as const)),
);

/** The add-on a route belongs to, or null for a route of the product itself. */
export const appOfRoute = (route: TRouteDef): TAppCode | null => appOfRoutes.get(route) ?? null;

/** An API key is the open platform's: every call made with one needs 开放平台 on. */
export const appOfApiKeys: TAppCode = 'open_platform';
