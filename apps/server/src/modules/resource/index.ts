// The resource area's one door: other areas, app.ts and main.ts import only this file.
export { registerLibraryFiles, resourceHandlers } from './resource.routes.js';
export { createResourceService, searchTextOf, type TResourceService } from './resource.service.js';
