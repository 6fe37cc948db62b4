import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BarcodeOutlined,
  CalendarOutlined,
  CloudServerOutlined,
  ClockCircleOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  GiftOutlined,
  HomeOutlined,
  LineChartOutlined,
  MobileOutlined,
  NotificationOutlined,
  PictureOutlined,
  PrinterOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TabletOutlined,
  TagsOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Route icons by name. Listed one by one so the bundle carries these icons only, not the library;
 * a route naming an icon that is missing here gets the fallback (add it to this map).
 */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BarcodeOutlined,
  CalendarOutlined,
  CloudServerOutlined,
  ClockCircleOutlined,
  ControlOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  GiftOutlined,
  HomeOutlined,
  LineChartOutlined,
  MobileOutlined,
  NotificationOutlined,
  PictureOutlined,
  PrinterOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TabletOutlined,
  TagsOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
};

/** The icon for a route's `icon` name; top-level entries need one to stay usable when collapsed. */
export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
