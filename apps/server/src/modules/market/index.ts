// The market area's one door: other areas, app.ts and main.ts import only this file.
export { marketHandlers } from './market.routes.js';
export { createMarketService, type TMarketService } from './market.service.js';
