import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDay, toDisplayLanguage, type TDisplayLanguage } from '@ra/shared/format/locale-format';
import { roleLabels } from '../../../lib/access.ts';
import { useSession } from '../../../stores/session.ts';
import { todayFor } from '../business-day.ts';
import TodaySales from './today-sales.tsx';
import './dashboard-home.css';

// The sales panel (for users who may see sales, SPEC 6 viewSalesReport) is never part of the sign-in
// page's JavaScript: it rides in the signed-in chunk with this page (vite-chunks.ts). Imported, not
// lazy: a lazy component suspends on its first render even when its code is here, so the page was
// first drawn without the panel and the panels below it jumped down when it came (a layout shift of
// 0.75 in Lighthouse, issue 21).

export interface TDashboardUser {
  name: string;
  email: string;
}

export interface TQuickLink {
  path: string;
  title: string;
}

/** The end-of-day hour as a time of day in the user's language: "3:00 AM" / "3:00". */
function hourOfDay(hour: number, lang: TDisplayLanguage): string {
  return formatClock(Date.UTC(2000, 0, 1, hour), lang, 'UTC');
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ra-dash__panel" aria-label={title}>
      <h2 className="ra-dash__panel-title">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ra-dash__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The home page (SPEC 2 /dashboard): today's sales for those who may see them (viewSalesReport),
 * shortcuts to the pages this user may open, then which restaurant, which business day it is there,
 * and who is signed in with which roles. Plain markup styled
 * with the theme's CSS variables: it is the first page after sign-in and should arrive quickly.
 */
export function DashboardHome({
  user,
  userLoading,
  quickLinks,
}: {
  user: TDashboardUser | undefined;
  userLoading: boolean;
  quickLinks: TQuickLink[];
}) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = toDisplayLanguage(i18n.language);
  const restaurant = useSession((s) => s.restname || s.name);
  const restId = useSession((s) => s.restId);
  const roles = useSession((s) => s.roles);
  // the server may send a role's name and its system key ('Owner', 'owner'): shown once, system roles translated
  const shownRoles = roleLabels(roles);
  const locales = useSession((s) => s.locales);
  const offset = useSession((s) => s.hourOffsetEndOfDay);
  const today = todayFor(locales?.timeZone, offset);
  const canViewSales = useSession((s) => s.PagePermissions.viewSalesReport === true);

  const details = (
    <div className="ra-dash__grid" data-testid="dashboard-details">
      <Panel title={t('restaurant.title')}>
        <dl className="ra-dash__list">
          <Row label={t('restaurant.name')}>{restaurant || '—'}</Row>
          {restId !== null && <Row label={t('restaurant.id')}>{restId}</Row>}
          <Row label={t('restaurant.businessDay')}>
            {today ? (
              <strong className="ra-dash__day" data-business-day={today.businessDay}>
                {formatDay(today.businessDay, lang, { weekday: true })}
              </strong>
            ) : (
              <span>
                {t('restaurant.noTimeZone')} <Link to="/selectTimeZone">{t('restaurant.setTimeZone')}</Link>
              </span>
            )}
          </Row>
          {today && locales && (
            <Row label={t('restaurant.timeZone')}>
              {locales.timeZone} ({today.gmt})
            </Row>
          )}
          <Row label={t('restaurant.dayEnds')}>{t('restaurant.dayEndsAt', { time: hourOfDay(offset, lang) })}</Row>
        </dl>
      </Panel>
      <Panel title={t('user.title')}>
        <dl className="ra-dash__list" aria-busy={userLoading}>
          <Row label={t('user.name')}>{userLoading ? '…' : user?.name || '—'}</Row>
          <Row label={t('user.email')}>{userLoading ? '…' : user?.email || '—'}</Row>
          <Row label={t('user.roles')}>
            <span className="ra-dash__tags">
              {shownRoles.map((r) => (
                <span key={r.key} className="ra-dash__tag">
                  {'system' in r ? t(`common:roles.${r.system}`) : r.name}
                </span>
              ))}
            </span>
          </Row>
        </dl>
      </Panel>
    </div>
  );

  // Today's figures lead (on a phone they are the first screen); the restaurant's standing details
  // and the signed-in user follow below them.
  return (
    <div className="ra-dash">
      {!today && (
        <div className="ra-dash__note" role="note">
          <p>
            {t('restaurant.noTimeZone')} <Link to="/selectTimeZone">{t('restaurant.setTimeZone')}</Link>
          </p>
        </div>
      )}
      {canViewSales ? (
        <TodaySales />
      ) : (
        <div className="ra-dash__note" role="note">
          <strong>{t('salesNote.title')}</strong>
          <p>{t('salesNote.description')}</p>
        </div>
      )}
      {quickLinks.length > 0 && (
        <Panel title={t('quickLinks.title')}>
          <ul className="ra-dash__links">
            {quickLinks.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{link.title}</Link>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {details}
    </div>
  );
}
