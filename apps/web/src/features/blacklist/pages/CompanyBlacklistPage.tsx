import * as t from '../../../locales/zh-CN';
import { BlacklistList } from '../components/BlacklistList';

/** 企业黑名单 (company/blacklist): the enterprise's own list. */
export const CompanyBlacklistPage = () => <BlacklistList level="tenant" title={t.blacklist.companyTitle} />;
