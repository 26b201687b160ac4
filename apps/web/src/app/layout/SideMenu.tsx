import type { TMenuOut } from '@yunhu/contract';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMenuNav } from '../../features/org';
import { type TBrand, useBrandStore } from '../../shared/stores/brand';
import { MenuIcon } from './icons';

type TItem = Required<MenuProps>['items'][number];

/**
 * Screens a brand option switches on (spec section 3): listed only where the host's option is set
 * and not '0'. The server's permission walls stand either way; this only keeps the menu as sold.
 */
const brandSwitchOf: Record<string, keyof TBrand> = {
  'ThirdParty/webhooks': 'third_api',
  'ThirdParty/apiKeys': 'third_api',
  'app/index': 'application_center',
};

const isSwitchedOn = (brand: TBrand | undefined, url: string) => {
  const key = brandSwitchOf[url];
  const value = key && brand ? brand[key] : '';
  return !key || (typeof value === 'string' && value !== '' && value !== '0');
};

/**
 * Folders (type 0) and menus (type 1) shown in the menu; buttons, detail pages, screens the brand
 * has not switched on and folders left empty are left out.
 */
export const toMenuItems = (nodes: TMenuOut[], brand?: TBrand): TItem[] =>
  nodes
    .filter((n) => (n.type === 0 || n.type === 1) && n.inMenu && isSwitchedOn(brand, n.url))
    .flatMap((n): TItem[] => {
      const children = toMenuItems(n.list ?? [], brand);
      if (n.type === 0 && children.length === 0 && (n.list ?? []).length > 0) return [];
      const label = (
        <span key={n.menuId} data-testid={`menu-${n.url || n.menuId}`}>
          {n.name}
        </span>
      );
      if (n.type === 0) return [{ key: `folder-${n.menuId}`, icon: <MenuIcon name={n.icon} />, label, children }];
      return [{ key: `/menu/${n.url}`, icon: n.icon ? <MenuIcon name={n.icon} /> : undefined, label }];
    });

/** The folders that lead to the current page start open. */
const openKeysOf = (nodes: TMenuOut[], path: string, parents: string[] = []): string[] => {
  for (const n of nodes) {
    if (n.type === 1 && `/menu/${n.url}` === path) return parents;
    const found = openKeysOf(n.list ?? [], path, n.type === 0 ? [...parents, `folder-${n.menuId}`] : parents);
    if (found.length) return found;
  }
  return [];
};

/** Screens the spec serves at another path than their menu entry's (`business` redirects, spec section 2). */
const menuPathOf: Record<string, string> = { '/menu/views/business/business': '/menu/business' };

export const SideMenu = () => {
  const { data } = useMenuNav();
  const brand = useBrandStore((s) => s.brand);
  const { pathname: shown } = useLocation();
  const pathname = menuPathOf[shown] ?? shown;
  const navigate = useNavigate();
  const menus = data?.menuList ?? [];
  return (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={[pathname]}
      defaultOpenKeys={openKeysOf(menus, pathname)}
      key={menus.length}
      items={toMenuItems(menus, brand)}
      onClick={({ key }) => key.startsWith('/menu/') && navigate(key)}
      data-testid="side-menu"
    />
  );
};
