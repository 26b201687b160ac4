import { defineErrors } from '../../http/errors.js';

/** 腾讯EC 同步's errors: the connection settings and the sync log. */
export const ecSyncErrors = defineErrors('ecSync', {
  notConfigured: ['conflict', '尚未设置腾讯EC 连接，请先填写企业ID、AppId 和 AppSecret 并保存'],
  secretRequired: ['invalid', '请输入 AppSecret'],
  keyMissing: ['conflict', '服务器未设置数据加密密钥（DATA_ENCRYPTION_KEY），无法保存 AppSecret'],
  staffUnknown: ['invalid', (userId: number) => `员工（编号 ${userId}）不存在`],
  itemMissing: ['notFound', '同步记录不存在'],
  pullBusy: ['conflict', '上一次拉取尚未完成，请稍后再试'],
});
