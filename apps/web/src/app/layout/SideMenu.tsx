import type { TMenuOut } from '@yunhu/contract';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMenuNav } from '../../features/org';
import { MenuIcon } from './icons';

type TItem = Required<MenuProps>['items'][number];

/** Folders (type 0) and menus (type 1) shown in the menu; buttons and detail pages are left out. */
export const toMenuItems = (nodes: TMenuOut[]): TItem[] =>
  nodes
    .filter((n) => (n.type === 0 || n.type === 1) && n.inMenu)
    .map((n): TItem => {
      const children = toMenuItems(n.list ?? []);
      const label = (
        <span key={n.menuId} data-testid={`menu-${n.url || n.menuId}`}>
          {n.name}
        </span>
      );
      if (n.type === 0) return { key: `folder-${n.menuId}`, icon: <MenuIcon name={n.icon} />, label, children };
      return { key: `/menu/${n.url}`, icon: n.icon ? <MenuIcon name={n.icon} /> : undefined, label };
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
      items={toMenuItems(menus)}
      onClick={({ key }) => key.startsWith('/menu/') && navigate(key)}
      data-testid="side-menu"
    />
  );
};
