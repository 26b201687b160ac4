// The line area's one door: other areas, app.ts and main.ts import only this file.
export { lineErrors } from './line.errors.js';
export { lineHandlers } from './line.routes.js';
export { cmccWorkNumbers, lines, tenantNumbers } from './line.schema.js';
export { createLineService, lineScriptOf, type TLineService, tenantLines } from './line.service.js';
