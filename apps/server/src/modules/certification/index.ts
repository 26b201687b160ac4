// The certification area's one door: other areas, app.ts and main.ts import only this file.
export { certificationHandlers } from './certification.routes.js';
export { createCertificationService, type TCertificationService } from './certification.service.js';
