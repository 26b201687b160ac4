/** Seats and staff: the screens, and the option lists the line screens pick from. */
export { useLineOptions, useStaffOptions } from './api';
export { seatRoutes } from './routes';
