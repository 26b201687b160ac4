import { AgentReportPerm, callerReportAgentRoutes, callerReportRoutes, ReportPerm } from '@yunhu/contract';
import { createContext, useContext } from 'react';

const r = callerReportRoutes;
const a = callerReportAgentRoutes;

/**
 * Where a review is done: 数据审核 of the platform (every enterprise) or of an agent the platform
 * allows (its own enterprises). The screens are the same; the routes, the button's permission and
 * the pages' addresses are the desk's.
 */
export const reviewDesks = {
  platform: {
    page: r.reviewPage,
    info: r.reviewInfo,
    examine: r.reviewExamine,
    document: r.documentLink,
    examinePerm: ReportPerm.reviewExamine,
    listUrl: '/menu/userdata/index',
    detailUrl: '/menu/userdata/detail',
  },
  agent: {
    page: a.agentReviewPage as typeof r.reviewPage,
    info: a.agentReviewInfo as typeof r.reviewInfo,
    examine: a.agentReviewExamine as typeof r.reviewExamine,
    document: a.agentReviewDocument as typeof r.documentLink,
    examinePerm: AgentReportPerm.examine,
    listUrl: '/menu/agent/userdata',
    detailUrl: '/menu/agent/userdata/detail',
  },
} as const;
export type TReviewDesk = keyof typeof reviewDesks;

/** The route a shown document is signed by: the enterprise's and the platform's own, or an agent reviewer's. */
export const DocumentRouteContext = createContext<typeof r.documentLink>(r.documentLink);
export const useDocumentRoute = () => useContext(DocumentRouteContext);
