// The resource area's one door: other areas, app.ts and main.ts import only this file.
export { registerLibraryFiles, resourceHandlers } from './resource.routes.js';
export {
  createResourceService,
  requireLinkableScript,
  searchTextOf,
  type TResourceService,
  type TScriptLinks,
} from './resource.service.js';
