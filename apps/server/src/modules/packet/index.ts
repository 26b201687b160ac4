// The packet area's one door (issue 12): other areas, app.ts and main.ts import only this file.
export { packets } from './packet.schema.js';
