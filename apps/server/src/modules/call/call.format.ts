// Time cells of the call area's exports and day keys of 话务统计. The CRM keeps its own copy
// (crm/export.service.ts beijingTime, crm.view.ts shanghaiDay) until one shared formatter exists.
const shanghaiOffsetMs = 8 * 3_600_000;

/** 2026-11-22 18:30 (Beijing time) for a cell; blank when there is no time. */
export const beijingTime = (at: Date | null): string =>
  at ? new Date(at.getTime() + shanghaiOffsetMs).toISOString().slice(0, 16).replace('T', ' ') : '';

/** The Asia/Shanghai day (yyyy-mm-dd) of an instant in epoch ms. */
export const shanghaiDay = (at: number): string => new Date(at + shanghaiOffsetMs).toISOString().slice(0, 10);

/** Today's date as an export's file name carries it (20261124). */
export const fileDay = (now = new Date()) => beijingTime(now).slice(0, 10).replace(/-/g, '');
