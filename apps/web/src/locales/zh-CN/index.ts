/**
 * Every UI text of the console, one file per area (DESIGN.md section 5), each table its own export:
 * a module takes the namespace (`import * as t from …/locales/zh-CN`) and reads `t.<table>`, so the
 * bundler keeps in a screen's chunk only the tables that screen reads. An English set can follow
 * this shape.
 */
export * from './agent';
export * from './agentJxs';
export * from './agentNotice';
export * from './agentSettlement';
export * from './agentStaff';
export * from './agentStock';
export * from './agentTransfer';
export * from './appCentre';
export * from './auth';
export * from './billing';
export * from './blacklist';
export * from './call';
export * from './callAnalysis';
export * from './callerReport';
export * from './callIntercept';
export * from './certification';
export * from './clue';
export * from './common';
export * from './crm';
export * from './ecSync';
export * from './feedback';
export * from './home';
export * from './importKit';
export * from './integration';
export * from './line';
export * from './market';
export * from './numberCheck';
export * from './org';
export * from './personalCenter';
export * from './platform';
export * from './platformJobs';
export * from './recharge';
export * from './resource';
export * from './seat';
export * from './softphone';
export * from './system';
export * from './trade';
