import * as t from '../../../locales/zh-CN';
import { LogListPage } from '../../system';

/** 操作记录 (company/operationRecord): the operation log of the organisation area. */
export const OperationRecordPage = () => (
  <LogListPage module="组织用户" pageKey="operationRecord" title={t.org.operationRecord} />
);
