// The platform area's one door: other areas, app.ts and main.ts import only this file.
export { platformContentHandlers } from './content.routes.js';
export { createPlatformContentService, type TPlatformContentService } from './content.service.js';
export { platformHandlers } from './platform.routes.js';
export { createPlatformService, type TPlatformService } from './platform.service.js';
