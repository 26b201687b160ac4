// The clue area's one door: other areas, app.ts and main.ts import only this file.
export { clueMatchColumns, createClueMatch, type TClueMatch } from './clue.match.js';
export { clueBatchHandlers, clueHandlers, cluePackageHandlers } from './clue.routes.js';
export { createClueService, type TClueService } from './clue.service.js';
export { devClueSource, type TClueSource } from './clue.source.js';
export { tianyanchaSource } from './clue.tianyancha.js';
export { clueMatchMobiles } from './clue-number.js';
export { buyableCluePackage, createCluePackages, grantClueQuota } from './clue-package.js';
