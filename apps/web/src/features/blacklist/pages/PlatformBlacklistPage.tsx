import * as t from '../../../locales/zh-CN';
import { BlacklistList } from '../components/BlacklistList';

/** 平台黑名单 (platform/blacklist): the platform operator's list, applied to every enterprise. */
export const PlatformBlacklistPage = () => <BlacklistList level="platform" title={t.blacklist.platformTitle} />;
