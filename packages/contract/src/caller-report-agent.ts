import { z } from 'zod';
import { ZCallerReport, ZReportDetail, ZReportRef, ZReviewDecision, ZReviewQuery } from './caller-report.js';
import { AgentReportPerm } from './caller-report-labels.js';
import { ZNull, ZSignedUrl, zPage } from './http.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { routesOf } from './route.js';

const route = routesOf('report');

/**
 * 数据审核 by an agent the platform allows to (its `reviewsReports`): the reports of the enterprises
 * registered through it, decided as the platform decides them; one decision per report whoever
 * comes first.
 */
export const callerReportAgentRoutes = {
  agentReviewPage: route({
    method: 'POST',
    path: '/base/agent/data-audit/page',
    summary: '代理商数据审核列表',
    permission: AgentReportPerm.list,
    request: ZReviewQuery,
    response: zPage(ZCallerReport),
  }),
  agentReviewInfo: route({
    method: 'GET',
    path: '/base/agent/data-audit/info',
    summary: '代理商数据审核详情',
    permission: AgentReportPerm.list,
    request: ZReportRef,
    response: ZReportDetail,
  }),
  agentReviewExamine: route({
    method: 'POST',
    path: '/base/agent/data-audit/examine',
    summary: '代理商审核号码报备',
    permission: AgentReportPerm.examine,
    audited: true,
    request: ZReviewDecision,
    response: ZNull,
  }),
  /** A document of a report's materials, as 查看报备资料文件 signs it for the platform. */
  agentReviewDocument: route({
    method: 'GET',
    path: '/base/agent/data-audit/link/:name',
    summary: '代理商查看报备资料文件',
    permission: AgentReportPerm.list,
    request: z.object({ name: z.string().max(64, '文件名不正确') }),
    response: ZSignedUrl,
  }),
};

/** 数据审核 in the agent's console. */
export const agentReviewMenuNodes: TMenuNode[] = [
  menuScreen('5095', '数据审核', 'agent/userdata', 'FileSearchOutlined', AgentReportPerm.list, [
    menuButton('509501', '审核报备', AgentReportPerm.examine),
  ]),
  menuPage('5096', '审核详情', 'agent/userdata/detail', AgentReportPerm.list),
];
