import { lazy, Suspense } from 'react';
import { Button, Tooltip } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { useApp } from '../../stores/app.ts';
import { useSession } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';
import { AppBreadcrumb } from './app-breadcrumb.tsx';
import { ErrorLogButton } from './error-log-button.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { HeaderSearch } from './header-search.tsx';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { SizeSwitch } from './size-switch.tsx';
import { UserMenu } from './user-menu.tsx';

/** SPEC 2: lazy-loaded, and only agents and team members (not a leaf login) get it. */
const RestaurantSelector = lazy(() => import('./restaurant-selector.tsx'));

/** The top bar (SPEC 2 "Layout"). */
export function Navbar() {
  const { t } = useTranslation();
  const opened = useApp((s) => s.sidebar.opened);
  const toggleSidebar = useApp((s) => s.toggleSidebar);
  const loginAsLeaf = useSession((s) => s.loginAsLeaf);
  const restname = useSession((s) => s.restname);
  const changeSetting = useSettings((s) => s.change);
  // a phone shows neither the breadcrumb nor the full-screen switch (hidden by CSS before): not
  // rendered, they cost nothing at the first paint (issue 21)
  const mobile = useApp((s) => s.device === 'mobile');
  const sidebarLabel = t(opened ? 'layout:navbar.collapseSidebar' : 'layout:navbar.expandSidebar');

  return (
    <header className="ra-navbar">
      <div className="ra-navbar__left">
        <Tooltip title={sidebarLabel}>
          <Button
            type="text"
            icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={sidebarLabel}
            aria-expanded={opened}
            onClick={toggleSidebar}
          />
        </Tooltip>
        {!mobile && <AppBreadcrumb />}
      </div>
      <div className="ra-navbar__right">
        {/* a step of its own after the bar's left side (issue 21): eight tooltips and menus that
            each set state as they mount, in a shorter task than with the rest of the frame */}
        <AfterFirstPaint>
          <HeaderSearch />
          <ErrorLogButton />
          {!mobile && <FullscreenButton />}
          <SizeSwitch />
          <LanguageSwitch />
          <NotificationBell />
          {loginAsLeaf ? (
            // a leaf login manages one restaurant: its name, with nothing to switch to
            restname && (
              <span
                className="ra-navbar__restaurant ra-hide-mobile"
                title={`${t('layout:user.restaurant')}: ${restname}`}
              >
                {restname}
              </span>
            )
          ) : (
            <Suspense fallback={null}>
              <RestaurantSelector />
            </Suspense>
          )}
          <Tooltip title={t('layout:settings.open')}>
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={t('layout:settings.open')}
              onClick={() => changeSetting('showSettings', true)}
            />
          </Tooltip>
          <UserMenu />
        </AfterFirstPaint>
      </div>
    </header>
  );
}
