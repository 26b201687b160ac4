import type { TBrandOption } from '@yunhu/contract';
import { create } from 'zustand';
import * as t from '../../locales/zh-CN/signIn';

/** Spec section 3: the brand map is cached in local storage as the `jurisdiction` entry. */
export const BRAND_KEY = 'jurisdiction';

export type TBrand = {
  home_logo: string;
  platform_name: string;
  app_product: string[];
  qrcode: string;
  data_audit: string;
  user_guide: string;
  third_api: string;
  application_center: string;
  urp: string;
  nda: string;
  bounty_hunter: string;
};

export const emptyBrand: TBrand = {
  home_logo: '',
  platform_name: '',
  app_product: [],
  qrcode: '',
  data_audit: '',
  user_guide: '',
  third_api: '',
  application_center: '',
  urp: '',
  nda: '',
  bounty_hunter: '',
};

/** Spec: home_logo and user_guide must use https; relative URLs stay as they are (same origin). */
const forceHttps = (url: string): string => url.replace(/^http:\/\//i, 'https://');

const parseList = (value: string): string[] => {
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : value ? [value] : [];
  } catch {
    return value ? value.split(',').map((s) => s.trim()) : [];
  }
};

/** Builds the brand map from the option records; `fws` records are internal and ignored. */
export const toBrand = (options: TBrandOption[]): TBrand => {
  const brand: TBrand = { ...emptyBrand, app_product: [] };
  for (const { optionKey, optionValue, optionType } of options) {
    if (optionType === 'fws' || !(optionKey in brand)) continue;
    const key = optionKey as keyof TBrand;
    if (key === 'app_product') brand.app_product = parseList(optionValue);
    else if (key === 'home_logo' || key === 'user_guide') brand[key] = forceHttps(optionValue);
    else brand[key] = optionValue;
  }
  return brand;
};

const readCached = (): TBrand => {
  try {
    return { ...emptyBrand, ...(JSON.parse(localStorage.getItem(BRAND_KEY) ?? '{}') as Partial<TBrand>) };
  } catch {
    return emptyBrand;
  }
};

type TBrandState = { brand: TBrand; setBrand: (brand: TBrand) => void };

export const useBrandStore = create<TBrandState>((set) => ({
  brand: readCached(),
  setBrand: (brand) => {
    localStorage.setItem(BRAND_KEY, JSON.stringify(brand));
    set({ brand });
  },
}));

export const platformName = (brand: TBrand): string => brand.platform_name || t.app.defaultTitle;

/** Uses the brand logo as the page icon. */
export const applyFavicon = (logo: string): void => {
  if (!logo) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = logo;
};
