import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../features/auth/api/get-user-info.ts';
import { DashboardHome, type TQuickLink } from '../../../features/dashboard/components/dashboard-home.tsx';
import { dashboardRoute } from '../../route-table.tsx';
import { usePermittedRoutes } from '../../use-permitted-routes.ts';

export default function DashboardPage() {
  const { t } = useTranslation('route');
  const user = useUserInfo();
  const routes = usePermittedRoutes();
  const quickLinks = useMemo<TQuickLink[]>(
    () =>
      routes
        .filter((r) => r.path !== dashboardRoute.path && !r.hidden)
        .map((r) => ({ path: r.redirect ?? r.path, title: t(r.titleKey) })),
    [routes, t],
  );
  return <DashboardHome user={user.data} userLoading={user.isPending} quickLinks={quickLinks} />;
}
