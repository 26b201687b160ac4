import { describe, expect, it } from 'vitest';
import { BRAND_KEY, toBrand, useBrandStore } from './brand';

describe('brand options', () => {
  it('maps the option records, ignoring fws entries', () => {
    const brand = toBrand([
      { optionKey: 'platform_name', optionValue: '云呼', optionType: 'brand' },
      { optionKey: 'qrcode', optionValue: 'internal', optionType: 'fws' },
      { optionKey: 'app_product', optionValue: '["坐席APP","管理APP"]', optionType: 'brand' },
      { optionKey: 'unknown_key', optionValue: 'x', optionType: 'brand' },
    ]);
    expect(brand.platform_name).toBe('云呼');
    expect(brand.qrcode).toBe('');
    expect(brand.app_product).toEqual(['坐席APP', '管理APP']);
    expect(brand).not.toHaveProperty('unknown_key');
  });

  it('forces https on home_logo and user_guide but leaves relative paths alone', () => {
    const brand = toBrand([
      { optionKey: 'home_logo', optionValue: 'http://cdn.example.com/logo.png', optionType: 'brand' },
      { optionKey: 'user_guide', optionValue: '/guide/index.html', optionType: 'brand' },
    ]);
    expect(brand.home_logo).toBe('https://cdn.example.com/logo.png');
    expect(brand.user_guide).toBe('/guide/index.html');
  });

  it('caches the map in local storage under jurisdiction', () => {
    useBrandStore.getState().setBrand(toBrand([{ optionKey: 'nda', optionValue: '1', optionType: 'brand' }]));
    expect(JSON.parse(localStorage.getItem(BRAND_KEY) ?? '{}').nda).toBe('1');
  });
});
