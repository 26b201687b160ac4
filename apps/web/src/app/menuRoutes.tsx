import type { RouteObject } from 'react-router-dom';
import { agentPageRoutes } from '../features/agent';
import { appCentrePageRoutes } from '../features/appCentre';
import { billingPageRoutes } from '../features/billing';
import { blacklistPageRoutes } from '../features/blacklist';
import { callRoutes } from '../features/call';
import { callAnalysisPageRoutes } from '../features/callAnalysis';
import { callerReportRoutes } from '../features/callerReport';
import { certificationRoutes } from '../features/certification';
import { cluePageRoutes } from '../features/clue';
import { crmRoutes } from '../features/crm';
import { ecSyncPageRoutes } from '../features/ecSync';
import { feedbackPageRoutes } from '../features/feedback';
import { homeRoutes } from '../features/home';
import { integrationPageRoutes } from '../features/integration';
import { lineRoutes } from '../features/line';
import { marketPageRoutes } from '../features/market';
import { orgRoutes } from '../features/org';
import { packetPageRoutes } from '../features/packet';
import { personalCenterRoutes } from '../features/personalCenter';
import { platformContentRoutes, platformRoutes } from '../features/platform';
import { resourcePageRoutes } from '../features/resource';
import { seatRoutes } from '../features/seat';
import { systemRoutes } from '../features/system';
import { tradeRoutes } from '../features/trade';

/**
 * Screens under /menu, each registered by its business area (DESIGN.md section 7). Their own chunk,
 * patched into the router on the first navigation under /menu (router.tsx): the sign-in page's first
 * load carries no area's route table.
 */
export const menuRoutes: RouteObject[] = [
  ...homeRoutes,
  ...orgRoutes,
  ...crmRoutes,
  ...callRoutes,
  ...callAnalysisPageRoutes,
  ...seatRoutes,
  ...lineRoutes,
  ...blacklistPageRoutes,
  ...platformRoutes,
  ...platformContentRoutes,
  ...certificationRoutes,
  ...callerReportRoutes,
  ...resourcePageRoutes,
  ...cluePageRoutes,
  ...integrationPageRoutes,
  ...ecSyncPageRoutes,
  ...feedbackPageRoutes,
  ...appCentrePageRoutes,
  ...marketPageRoutes,
  ...tradeRoutes,
  ...billingPageRoutes,
  ...packetPageRoutes,
  ...systemRoutes,
  ...personalCenterRoutes,
  ...agentPageRoutes,
];
