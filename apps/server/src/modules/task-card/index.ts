// The task-card area's one door: 任务卡 (calling tasks a manager spreads among his agents) and
// 我的任务 (an agent working his customers of a task). It hands the dial flow the guards that let
// an agent dial the customers his open items give him.

export { taskCardErrors } from './task-card.errors.js';
export { registerTaskCard } from './task-card.routes.js';
export { type TTaskCrm, taskScriptLinks } from './task-card.service.js';
