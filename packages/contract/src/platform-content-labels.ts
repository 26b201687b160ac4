// The platform-content area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; platform-content.ts re-exports them under the same names.

/**
 * The platform operator's (super tenant's) contracts with enterprises, notices to enterprises and
 * brand settings per host (spec sections 3 and 7). Every string here is `platform:`, so an
 * enterprise's roles never hold it, and the services check the super tenant besides.
 */
export const PlatformPerm = {
  contractView: 'platform:contract:view',
  contractEdit: 'platform:contract:edit',
  noticeList: 'platform:notice:list',
  noticePublish: 'platform:notice:publish',
  noticeDelete: 'platform:notice:delete',
  brandList: 'platform:brand:list',
  brandEdit: 'platform:brand:edit',
} as const;

/** The option keys of spec section 3, in the editor's order. */
export const brandKeys = [
  'platform_name',
  'home_logo',
  'user_guide',
  'qrcode',
  'app_product',
  'data_audit',
  'third_api',
  'application_center',
  'urp',
  'nda',
  'bounty_hunter',
] as const;

export const brandKeyLabel: Record<(typeof brandKeys)[number], string> = {
  platform_name: '平台名称',
  home_logo: '平台Logo',
  user_guide: '操作指南地址',
  qrcode: '二维码图片',
  app_product: 'APP产品',
  data_audit: '数据审核',
  third_api: '第三方接口',
  application_center: '应用中心',
  urp: 'URP',
  nda: '保密协议',
  bounty_hunter: '赏金猎人',
};
