// The system area's one door: other areas, app.ts and main.ts import only this file.
export { readUpload, systemHandlers } from './system.routes.js';
export { operationLogs } from './system.schema.js';
export type { TPrivateUpload, TUploadAccept, TUploadFile } from './system.service.js';
export { createSystemService, type TSystemService } from './system.service.js';
