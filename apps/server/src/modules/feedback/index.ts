// The feedback area's one door: other areas, app.ts and main.ts import only this file.
export { feedbackHandlers } from './feedback.routes.js';
export { createFeedbackService, type TFeedbackService } from './feedback.service.js';
