// The wallboard area's one door: 实时监控 (who of the viewer's scope is online, ringing, talking,
// from Kamailio's registration events and the calls under way) and a manager's 监听, 耳语 and 强插
// of a talking colleague's call through the media gateway.

export { wallboardErrors } from './wallboard.errors.js';
export { registerWallboard } from './wallboard.routes.js';
export { liveCallIdsAt, softphoneRegisteredUntil, wallboardGauges } from './wallboard.service.js';
