// The app centre's one door: other areas, app.ts and main.ts import only this file.
export { appCentreHandlers } from './app-centre.routes.js';
export {
  buyableApp,
  createAppCentreService,
  grantAppPeriod,
  isAppOn,
  offAppsOf,
  type TAppCentreService,
} from './app-centre.service.js';
