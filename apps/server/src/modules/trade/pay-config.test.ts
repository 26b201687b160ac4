import { describe, expect, it } from 'vitest';
import { loadConfig, SettingsError } from '../../config.js';

/** The payment settings: the sandbox by default, Alipay only with every key it needs. */
describe('payment settings', () => {
  it('default to the sandbox with its development key, none in production', () => {
    expect(loadConfig({}).pay).toMatchObject({
      channel: 'sandbox',
      alipay: null,
      sandboxSecret: 'yunhu-dev-pay-sandbox-secret',
      orderMinutes: 15,
      jobSeconds: 30,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).pay.sandboxSecret).toBeNull();
  });

  it('refuse Alipay without its keys, naming them, and take them with line breaks written as \\n', () => {
    expect(() => loadConfig({ PAY_CHANNEL: 'alipay', ALIPAY_APP_ID: '2021' })).toThrow(SettingsError);
    expect(() => loadConfig({ PAY_CHANNEL: 'alipay', ALIPAY_APP_ID: '2021' })).toThrow(
      /ALIPAY_PRIVATE_KEY、ALIPAY_PUBLIC_KEY、PAY_NOTIFY_BASE_URL/,
    );
    expect(() => loadConfig({ PAY_CHANNEL: 'unionpay' })).toThrow(/PAY_CHANNEL/);
    expect(() => loadConfig({ PAY_CHANNEL: 'wechat', WECHAT_MCH_ID: '1230000109' })).toThrow(
      /PAY_CHANNEL=wechat 时须设置 WECHAT_APP_ID、WECHAT_PRIVATE_KEY、WECHAT_SERIAL_NO、WECHAT_API_KEY/,
    );
    expect(() => loadConfig({ WECHAT_API_KEY: 'short' })).toThrow(/WECHAT_API_KEY/);
    expect(() =>
      loadConfig({
        PAY_CHANNEL: 'wechat',
        WECHAT_APP_ID: 'wxd678efh567hg6787',
        WECHAT_MCH_ID: '1230000109',
        WECHAT_PRIVATE_KEY: 'k',
        WECHAT_SERIAL_NO: 's',
        WECHAT_API_KEY: '0123456789abcdef0123456789abcdef',
        WECHAT_PLATFORM_PUBLIC_KEY: 'pub',
        PAY_NOTIFY_BASE_URL: 'https://yunhu.example.com',
      }),
    ).toThrow(/须设置 WECHAT_PLATFORM_PUBLIC_KEY_ID$/);
    expect(
      loadConfig({
        PAY_CHANNEL: 'wechat',
        WECHAT_APP_ID: 'wxd678efh567hg6787',
        WECHAT_MCH_ID: '1230000109',
        WECHAT_PRIVATE_KEY: 'line1\\nline2',
        WECHAT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        WECHAT_API_KEY: '0123456789abcdef0123456789abcdef',
        WECHAT_PLATFORM_PUBLIC_KEY: 'pub1\\npub2',
        WECHAT_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0112300001092026112400000000',
        WECHAT_BASE_URL: 'https://api.mch.weixin.qq.com/',
        PAY_NOTIFY_BASE_URL: 'https://yunhu.example.com/',
      }).pay.wechat,
    ).toEqual({
      appId: 'wxd678efh567hg6787',
      mchId: '1230000109',
      privateKey: 'line1\nline2',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      apiV3Key: '0123456789abcdef0123456789abcdef',
      platformPublicKey: 'pub1\npub2',
      platformPublicKeyId: 'PUB_KEY_ID_0112300001092026112400000000',
      baseUrl: 'https://api.mch.weixin.qq.com',
      notifyUrl: 'https://yunhu.example.com/pay/notify/wechat',
    });
    const config = loadConfig({
      PAY_CHANNEL: 'alipay',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY: 'line1\\nline2',
      ALIPAY_PUBLIC_KEY: 'pub',
      PAY_NOTIFY_BASE_URL: 'https://yunhu.example.com/',
    });
    expect(config.pay.alipay).toEqual({
      appId: '2021000000000001',
      privateKey: 'line1\nline2',
      alipayPublicKey: 'pub',
      gateway: 'https://openapi.alipay.com/gateway.do',
      notifyUrl: 'https://yunhu.example.com/pay/notify/alipay',
    });
  });
});
