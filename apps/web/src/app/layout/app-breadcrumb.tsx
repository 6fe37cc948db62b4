import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermittedRoutes } from '../use-permitted-routes.ts';
import { breadcrumbTrail } from './route-tree.ts';

/** Where the current page sits in the menu; every step but the last links to its page. */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const routes = usePermittedRoutes();
  const { pathname } = useLocation();
  const items = useMemo(() => {
    const steps = breadcrumbTrail(routes, pathname)
      .map((r) => ({ path: r.path, title: t(`route:${r.titleKey}`), to: r.lazy ? r.path : r.redirect }))
      // a one-page group and its page read the same: show the name once
      .filter((s, i, all) => s.title !== all[i - 1]?.title);
    return steps.map((s, i) => ({
      key: s.path,
      title: i < steps.length - 1 && s.to ? <Link to={s.to}>{s.title}</Link> : s.title,
    }));
  }, [routes, pathname, t]);
  if (items.length === 0) return null;
  return <Breadcrumb className="ra-hide-mobile" items={items} aria-label={t('layout:navbar.breadcrumb')} />;
}
