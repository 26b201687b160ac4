/**
 * How the console writes money and durations: the contract's `format.ts`, shared with the server
 * (issue 12 point 2). Phone masks are the contract's `maskPhone`.
 */
export { mmss, yuan } from '@yunhu/contract';
