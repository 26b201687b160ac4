import { routeTables } from '@yunhu/contract';
import { call, upload } from '../../shared/http/api';
import { loadUserInfo } from '../org';

export const updateRealName = async (realName: string) => {
  await call(routeTables.org.updateRealName, { realName });
  await loadUserInfo();
};

export const sendPhoneCaptcha = (mobile: string) => call(routeTables.auth.sendCaptcha, { mobile, type: 'phone' });

export const updatePhone = async (mobile: string, code: string) => {
  await call(routeTables.org.updatePhone, { mobile, code });
  await loadUserInfo();
};

export const changePassword = (oldPassword: string, newPassword: string) =>
  call(routeTables.auth.updatePassword, { oldPassword, newPassword });

/** Uploads the image, then stores its URL as the avatar. */
export const uploadAvatar = async (file: File) => {
  const res = await upload(routeTables.system.upload, file);
  await call(routeTables.org.modifyHeadUrl, { headUrl: res.url });
  await loadUserInfo();
};

export const unbindWechat = async () => {
  await call(routeTables.auth.wechatUnbind);
  await loadUserInfo();
};
