import { hhmmss } from '@yunhu/contract';

/**
 * For how long, from the server's clock: the answer's `now` plus the time since it arrived, so a
 * browser whose clock is off still counts right and the figure moves between polls.
 */
export const elapsedText = (since: number | null, serverNow: number, receivedAt: number, at: number): string =>
  since === null ? '' : hhmmss(Math.max(0, (serverNow + (at - receivedAt) - since) / 1000));
