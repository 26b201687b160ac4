import {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CarryOutOutlined,
  ContactsOutlined,
  ControlOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DeleteOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  HomeOutlined,
  NotificationOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SkinOutlined,
  SolutionOutlined,
  StopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by the name the menu tree carries. A registry instead of `import *` keeps the bundle
 * small; an area that adds a menu with a new icon adds it here.
 */
const registry: Record<string, ComponentType> = {
  AccountBookOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  CarryOutOutlined,
  CustomerServiceOutlined,
  ControlOutlined,
  HistoryOutlined,
  DeleteOutlined,
  GlobalOutlined,
  SolutionOutlined,
  ContactsOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HomeOutlined,
  NotificationOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SkinOutlined,
  StopOutlined,
  TeamOutlined,
  UserOutlined,
};

export const MenuIcon = ({ name }: { name: string }) => {
  const Icon = registry[name] ?? AppstoreOutlined;
  return <Icon />;
};
