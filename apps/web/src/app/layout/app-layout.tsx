import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TRouteHandle } from '../../lib/route-types.ts';
import { findRouteByPath, usePermittedRoutes } from '../use-permitted-routes.ts';
import { SIDEBAR_WIDTH, useApp } from '../../stores/app.ts';
import { useSettings } from '../../stores/settings.ts';
import { useTags } from '../../stores/tags.ts';
import { LOCK_BACKGROUND, useLockScreen } from './lock-state.ts';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';
import { affixTags } from './tags-actions.ts';
import { TagsView } from './tags-view.tsx';
import { themePreset } from '../../components/layout/theme.ts';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { useIdleLock } from './use-idle-lock.ts';
import { applyDevice, applyViewportWidth } from './viewport.ts';
import './layout.css';
import { matchesMedia, NARROW_QUERY } from '../../lib/media-query.ts';

const COLLAPSED_WIDTH = 64;

// Rarely opened: each is its own chunk, so the shell every page waits for stays small.
const SettingsDrawer = lazy(() => import('./settings-drawer.tsx'));
/** Phones only: desktops never download the drawer. */
const MobileSidebar = lazy(() => import('./mobile-sidebar.tsx'));
const LockScreen = lazy(() => import('./lock-screen.tsx'));

/**
 * Follows the window width into desktop or mobile mode (SPEC 2); on mobile, navigating closes the menu.
 * The store starts in the device of the window's width (stores/app.ts), and the frame checks it again
 * on mounting with a media query: `innerWidth`, read while the frame was committed, forced a layout
 * of the whole new page in the middle of the commit (issue 21: about a third of the dashboard's
 * longest task on a 4x slower phone), and the device it then changed re-rendered the frame before
 * its first paint.
 */
function useResponsiveSidebar(pathname: string): void {
  useEffect(() => {
    const onResize = () => {
      if (!document.hidden) applyViewportWidth(window.innerWidth);
    };
    applyDevice(matchesMedia(NARROW_QUERY) ? 'mobile' : 'desktop');
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => {
    const app = useApp.getState();
    if (app.device === 'mobile' && app.sidebar.opened) app.closeSidebar(false);
  }, [pathname]);
}

/** Every page opened becomes a tag; the pinned pages (the dashboard) are always there first. */
function useVisitedTags(pathname: string, search: string): void {
  const routes = usePermittedRoutes();
  useEffect(() => {
    const tags = useTags.getState();
    for (const tag of affixTags(routes)) {
      if (!tags.visited.some((v) => v.path === tag.path)) tags.addVisited(tag);
    }
  }, [routes]);
  // Only opening a page adds its tag: when the routes change under the same page (a restaurant
  // switch, which clears the open tabs, SPEC 4), the page is not put back.
  useEffect(() => {
    const record = findRouteByPath(pathname);
    // a group path only redirects to its first page; the page gets the tag
    if (!record || (record.children?.length && !record.lazy)) return;
    useTags.getState().addVisited({
      path: record.path,
      fullPath: pathname + search,
      titleKey: record.titleKey,
      affix: record.affix === true,
    });
  }, [pathname, search]);
}

/** The title key of the page on screen: its route's, or the table record's. */
function usePageTitleKey(pathname: string): string | undefined {
  const matches = useMatches();
  const fromRoute = [...matches]
    .reverse()
    .map((m) => (m.handle as TRouteHandle | undefined)?.titleKey)
    .find(Boolean);
  return fromRoute ?? findRouteByPath(pathname)?.titleKey;
}

/**
 * After a page change, focus moves to the new page (its heading, else the main region) so keyboard
 * and screen-reader users start there instead of on the menu entry they left, and the page's title
 * is announced. The first page of a load is left alone: the browser announces the document then.
 */
function usePageChangeFocus(pathname: string, title: string): string {
  const [announcement, setAnnouncement] = useState('');
  const shown = useRef(pathname);
  useEffect(() => {
    // the tags view "refresh" passes through /redirect/<path> and comes straight back
    if (shown.current === pathname || pathname.startsWith('/redirect/')) return;
    const left = shown.current;
    shown.current = pathname;
    if (left.startsWith('/redirect/') && left.slice('/redirect'.length) === pathname) return;
    setAnnouncement(title);
    if (useLockScreen.getState().locked) return;
    const main = document.getElementById('ra-main');
    const heading = main?.querySelector<HTMLElement>('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    } else {
      main?.focus({ preventScroll: true });
    }
  }, [pathname, title]);
  return announcement;
}

/**
 * The signed-in shell (SPEC 2 "Layout"): sidebar, top bar, tags view and the page. Its theme and
 * interface size are the app's ConfigProvider's (app/ui-providers.tsx, which its route is loaded with),
 * made from the same settings. A second provider here, with an equal theme, made antd compute the
 * tokens again and write all of its 12 KB of CSS variables a second time, under a class of its own, as
 * the dashboard's first paint was drawn (issue 21).
 */
export default function AppLayout() {
  return <Shell />;
}

function Shell() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const opened = useApp((s) => s.sidebar.opened);
  const withoutAnimation = useApp((s) => s.sidebar.withoutAnimation);
  const mobile = useApp((s) => s.device === 'mobile');
  const closeSidebar = useApp((s) => s.closeSidebar);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const look = themePreset(useSettings((s) => s.themeName));
  const locked = useLockScreen((s) => s.locked);
  const showSettings = useSettings((s) => s.showSettings);
  // once opened, the drawer stays mounted so it can animate closed
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (showSettings && !settingsUsed) setSettingsUsed(true);
  // the same for the phone's menu drawer: its code is not fetched (nor its menu built) until first opened
  const [mobileMenuUsed, setMobileMenuUsed] = useState(false);
  if (mobile && opened && !mobileMenuUsed) setMobileMenuUsed(true);
  // "refresh" on a tag bumps this count, which re-mounts the page (SPEC 2 tags view)
  const refreshCount = useTags((s) => s.refreshKey[pathname] ?? 0);

  useResponsiveSidebar(pathname);
  useVisitedTags(pathname, search);
  useIdleLock();
  const titleKey = usePageTitleKey(pathname);
  const announcement = usePageChangeFocus(pathname, titleKey ? t(`route:${titleKey}`) : '');

  return (
    <>
      <a className="ra-skip-link" href="#ra-main">
        {t('layout:app.skipToContent')}
      </a>
      <Layout className="ra-layout" hasSider={!mobile} inert={locked} aria-hidden={locked || undefined}>
        {mobile ? (
          mobileMenuUsed && (
            <Suspense fallback={null}>
              <MobileSidebar
                open={opened}
                onClose={() => closeSidebar(false)}
                label={t('layout:sidebar.label')}
                background={look.siderBg}
              >
                <Sidebar collapsed={false} look={look.sider} />
              </MobileSidebar>
            </Suspense>
          )
        ) : (
          <Layout.Sider
            className={withoutAnimation ? 'ra-sider ra-sider--static' : 'ra-sider'}
            width={SIDEBAR_WIDTH}
            collapsedWidth={COLLAPSED_WIDTH}
            collapsed={!opened}
            trigger={null}
            theme={look.sider}
          >
            <Sidebar collapsed={!opened} look={look.sider} />
          </Layout.Sider>
        )}
        <Layout className="ra-main-column">
          <div
            className={fixedHeader ? 'ra-header ra-header--fixed' : 'ra-header'}
            style={{ background: look.headerBg }}
          >
            {/* Issue 21: the bars' eleven tooltips and menus each set state as they mount, which made
                the page's first commit render again at once and run every effect of the new page in
                the same task (about 150 of its 250 ms on a 4x slower phone). Drawn a commit after the
                page, they cost that in a task of their own; two empty bars of their heights hold
                their place meanwhile, so nothing below them moves. Once per load: the frame stays. */}
            <AfterFirstPaint
              placeholder={
                <>
                  <div className="ra-navbar" aria-hidden="true" />
                  {tagsView && <div className="ra-tags" aria-hidden="true" />}
                </>
              }
            >
              <Navbar />
              {/* a step after the top bar's (issue 21): one long task after the first paint cut in
                  shorter ones, the bar's place held meanwhile as before */}
              {tagsView && (
                <AfterFirstPaint placeholder={<div className="ra-tags" aria-hidden="true" />}>
                  <TagsView />
                </AfterFirstPaint>
              )}
            </AfterFirstPaint>
          </div>
          <Layout.Content id="ra-main" className="ra-content" tabIndex={-1}>
            <Outlet key={refreshCount} />
          </Layout.Content>
        </Layout>
      </Layout>
      <div id="ra-page-announcement" className="ra-sr-only" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
      {locked && (
        // until the lock form arrives, a plain cover already hides the page
        <Suspense fallback={<div className="ra-lock" style={{ background: LOCK_BACKGROUND }} />}>
          <LockScreen />
        </Suspense>
      )}
    </>
  );
}
