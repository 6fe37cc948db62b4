import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Menu, theme } from 'antd';
import type { MenuProps } from 'antd';
import { ShopFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermittedRoutes } from '../use-permitted-routes.ts';
import { useSettings } from '../../stores/settings.ts';
import { menuSelection, menuTree, type TMenuNode } from './menu-model.ts';
import { MenuIcon } from './menu-icon.tsx';
import { HOME_PATH } from './tags-actions.ts';

type TMenuItem = Required<MenuProps>['items'][number];

interface TSidebarProps {
  collapsed: boolean;
  look: 'dark' | 'light';
}

/** Logo and menu; placed in the desktop Sider or, in mobile mode, in the overlay drawer. */
export function Sidebar({ collapsed, look }: TSidebarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const showLogo = useSettings((s) => s.sidebarLogo);
  return (
    <div className="ra-sidebar">
      {showLogo && (
        <Link
          to={HOME_PATH}
          className={collapsed ? 'ra-logo ra-logo--collapsed' : 'ra-logo'}
          style={{ color: look === 'dark' ? '#fff' : token.colorText }}
          aria-label={t('layout:app.home')}
        >
          <ShopFilled className="ra-logo__mark" style={{ color: token.colorPrimary }} />
          {!collapsed && <span className="ra-logo__title">{t('layout:app.title')}</span>}
        </Link>
      )}
      <nav className="ra-sidebar__scroll" aria-label={t('layout:sidebar.label')}>
        <SidebarMenu collapsed={collapsed} look={look} />
      </nav>
    </div>
  );
}

function SidebarMenu({ collapsed, look }: TSidebarProps) {
  const { t } = useTranslation();
  const routes = usePermittedRoutes();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = useMemo(() => menuTree(routes), [routes]);
  const selection = useMemo(() => menuSelection(routes, menu, pathname), [routes, menu, pathname]);

  // Submenus the user opened stay open; navigating also opens the ones above the current page.
  const [openKeys, setOpenKeys] = useState<string[]>(selection.openKeys);
  useEffect(() => {
    setOpenKeys((open) => [...open, ...selection.openKeys.filter((k) => !open.includes(k))]);
  }, [selection.openKeys]);

  const items = useMemo(() => {
    const toItem = (node: TMenuNode, topLevel: boolean): TMenuItem => {
      const icon = node.icon || topLevel ? <MenuIcon name={node.icon ?? ''} /> : undefined;
      const label = t(`route:${node.titleKey}`);
      return node.children
        ? { key: node.key, icon, label, children: node.children.map((c) => toItem(c, false)) }
        : { key: node.key, icon, label, title: label };
    };
    return menu.map((n) => toItem(n, true));
  }, [menu, t]);

  return (
    <Menu
      className="ra-sidebar__menu"
      mode="inline"
      theme={look}
      items={items}
      selectedKeys={selection.selectedKeys}
      // collapsed, the menu shows hover popups and owns its open state; our keys return on expanding
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={(keys) => {
        if (!collapsed) setOpenKeys(keys);
      }}
      onClick={({ key }) => {
        if (key !== pathname) navigate(key);
      }}
    />
  );
}
