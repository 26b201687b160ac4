import { authRoutes, orgRoutes, systemRoutes } from '@yunhu/contract';
import { call, upload } from '../../shared/http/api';
import { loadUserInfo } from '../org';

export const updateRealName = async (realName: string) => {
  await call(orgRoutes.updateRealName, { realName });
  await loadUserInfo();
};

export const sendPhoneCaptcha = (mobile: string) => call(authRoutes.sendCaptcha, { mobile, type: 'phone' });

export const updatePhone = async (mobile: string, code: string) => {
  await call(orgRoutes.updatePhone, { mobile, code });
  await loadUserInfo();
};

export const changePassword = (oldPassword: string, newPassword: string) =>
  call(authRoutes.updatePassword, { oldPassword, newPassword });

/** Uploads the image, then stores its URL as the avatar. */
export const uploadAvatar = async (file: File) => {
  const res = await upload(systemRoutes.upload, file);
  await call(orgRoutes.modifyHeadUrl, { headUrl: res.url });
  await loadUserInfo();
};

export const unbindWechat = async () => {
  await call(authRoutes.wechatUnbind);
  await loadUserInfo();
};
