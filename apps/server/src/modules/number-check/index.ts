// The number-check area's one door: app.ts binds its routes and lends 转为客户 its exclusions.
export { devNumberChecker, type TNumberChecker } from './number-check.checker.js';
export { numberCheckHandlers } from './number-check.routes.js';
export { numberCheckRates, numberCheckResults } from './number-check.schema.js';
export { createNumberCheckService, excludedMobiles, type TNumberCheckService } from './number-check.service.js';
export { tianapiChecker } from './number-check.tianapi.js';
