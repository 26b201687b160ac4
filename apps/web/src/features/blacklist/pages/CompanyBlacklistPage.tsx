import * as t from '../../../locales/zh-CN';
import { RouteTabs } from '../../../shared/list/RouteTabs';
import { BlacklistList } from '../components/BlacklistList';
import { CompanyBlacklistList } from '../components/CompanyBlacklistList';

/** 黑名单 (company/blacklist): the enterprise's own lists, of numbers and of companies. */
export const CompanyBlacklistPage = () => (
  <RouteTabs
    items={[
      {
        key: 'number',
        label: t.companyBlacklist.numberTab,
        children: <BlacklistList level="tenant" title={t.companyBlacklist.numberTab} />,
      },
      { key: 'company', label: t.companyBlacklist.companyTab, children: <CompanyBlacklistList /> },
    ]}
  />
);
