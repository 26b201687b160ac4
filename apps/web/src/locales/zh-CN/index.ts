import { agentTexts } from './agent';
import { agentJxsTexts } from './agentJxs';
import { agentNoticeTexts } from './agentNotice';
import { agentSettlementTexts } from './agentSettlement';
import { agentStaffTexts } from './agentStaff';
import { agentStockTexts } from './agentStock';
import { agentTransferTexts } from './agentTransfer';
import { appCentreTexts } from './appCentre';
import { authTexts } from './auth';
import { billingTexts } from './billing';
import { blacklistTexts } from './blacklist';
import { callTexts } from './call';
import { callAnalysisTexts } from './callAnalysis';
import { callerReportTexts } from './callerReport';
import { callInterceptTexts } from './callIntercept';
import { certificationTexts } from './certification';
import { clueTexts } from './clue';
import { commonTexts } from './common';
import { crmTexts } from './crm';
import { ecSyncTexts } from './ecSync';
import { feedbackTexts } from './feedback';
import { homeTexts } from './home';
import { importKitTexts } from './importKit';
import { integrationTexts } from './integration';
import { lineTexts } from './line';
import { marketTexts } from './market';
import { numberCheckTexts } from './numberCheck';
import { orgTexts } from './org';
import { personalCenterTexts } from './personalCenter';
import { platformTexts } from './platform';
import { platformJobsTexts } from './platformJobs';
import { rechargeTexts } from './recharge';
import { resourceTexts } from './resource';
import { seatTexts } from './seat';
import { softphoneTexts } from './softphone';
import { systemTexts } from './system';
import { tradeTexts } from './trade';

/** Every UI text of the console, keyed by area, one file per area (DESIGN.md section 5); an English table can follow this shape. */
export const zhCN = {
  ...commonTexts,
  ...authTexts,
  ...homeTexts,
  ...personalCenterTexts,
  ...systemTexts,
  ...orgTexts,
  ...certificationTexts,
  ...platformTexts,
  ...platformJobsTexts,
  ...crmTexts,
  ...callTexts,
  ...callInterceptTexts,
  ...callAnalysisTexts,
  ...callerReportTexts,
  ...resourceTexts,
  ...clueTexts,
  ...numberCheckTexts,
  ...integrationTexts,
  ...ecSyncTexts,
  ...softphoneTexts,
  ...seatTexts,
  ...lineTexts,
  ...blacklistTexts,
  ...importKitTexts,
  ...tradeTexts,
  ...rechargeTexts,
  ...billingTexts,
  ...agentTexts,
  ...agentTransferTexts,
  ...agentNoticeTexts,
  ...agentSettlementTexts,
  ...agentStaffTexts,
  ...agentStockTexts,
  ...agentJxsTexts,
  ...feedbackTexts,
  ...appCentreTexts,
  ...marketTexts,
} as const;

export type TLocale = typeof zhCN;
export const t = zhCN;
