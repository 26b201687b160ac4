import { AppstoreOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import * as menuIcons from './menuIcons';

/** Menu icons by the name the menu tree carries (a module namespace: no inherited names match). */
const registry: Record<string, ComponentType> = menuIcons;

export const MenuIcon = ({ name }: { name: string }) => {
  const Icon = registry[name] ?? AppstoreOutlined;
  return <Icon />;
};
