// The auth area's one door: other areas, app.ts and main.ts import only this file.
export { authHandlers } from './auth.routes.js';
export { createAuthService, type TAuthService } from './auth.service.js';
