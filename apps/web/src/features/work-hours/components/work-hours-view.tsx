import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Result, Segmented, Skeleton, Space, Statistic, Tag, Tooltip } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileExcelOutlined from '@ant-design/icons/FileExcelOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import UnlockOutlined from '@ant-design/icons/UnlockOutlined';
import { useTranslation } from 'react-i18next';
import { businessDayBounds, businessDayOf } from '@ra/shared/business-day/business-day';
import { MESSAGES } from '@ra/shared/errors';
import { formatCents, formatDateTime, formatDay, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { formatHundredths } from '@ra/shared/work-hours/hours';
import { payPeriodOf, shiftPayPeriod } from '@ra/shared/work-hours/pay-period';
import type { TSheetShift, TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { showErrorMessage } from '../../../lib/feedback.ts';
import { useLatestSearch } from '../../../lib/use-latest-search.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/request.ts';
import { useSession } from '../../../stores/session.ts';
import { useWorkHourPerm } from '../api/check-work-hour-perm.ts';
import { useWorkDuration } from '../api/get-work-duration.ts';
import { useWorkHoursSettings } from '../api/get-work-hours-settings.ts';
import { downloadPayroll } from '../api/pay-period.ts';
import { parseWorkHoursUrl, workHoursSearch, type TWorkHoursUrl } from '../work-hours-url.ts';
import { DayCards } from './day-cards.tsx';
import { LaborSummary } from './labor-summary.tsx';
import { PaySetupDrawer } from './pay-setup-drawer.tsx';
import { PeriodDialogs } from './period-dialogs.tsx';
import { ShiftDrawer } from './shift-drawer.tsx';
import { TimesheetGrid } from './timesheet-grid.tsx';
import { TipsView } from '../tips/tips-view.tsx';
import './work-hours.css';

const MOBILE_WIDTH = 992;

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.innerWidth < MOBILE_WIDTH);
  useEffect(() => {
    const onResize = () => setNarrow(window.innerWidth < MOBILE_WIDTH);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return narrow;
}

export interface TShiftTarget {
  shift: TSheetShift | null;
  employee: { xid: string; name: string };
  day: string;
}

/** Finds what the URL's `shift` or `add` names in the loaded sheet. */
function targetOf(url: TWorkHoursUrl, data: TWorkDurationResponse | undefined, today: string): TShiftTarget | null {
  if (!data) return null;
  for (const row of data.timesheet.rows) {
    if (url.shift !== null) {
      const shift = row.shifts.find((s) => s.id === url.shift);
      if (shift) return { shift, employee: { xid: row.xid, name: row.name }, day: shift.businessDay };
    } else if (url.add === row.xid) {
      const last = data.timesheet.days.at(-1) ?? today;
      return { shift: null, employee: { xid: row.xid, name: row.name }, day: today < last ? today : last };
    }
  }
  return null;
}

/**
 * Work hours (SPEC 2 /workHours/index): the timesheet of a pay period, employees by days, with shifts,
 * breaks, overtime and flags; managers (editWorkHour, checked once per session) change shifts with a
 * reason and a signature, close and reopen the period and export payroll. Staff see their own hours.
 */
export function WorkHoursView() {
  const { t } = useTranslation('work-hours');
  const lang = toDisplayLanguage(currentLanguage());
  const [search, setSearch] = useLatestSearch();
  const url = useMemo(() => parseWorkHoursUrl(search), [search]);
  const restId = useSession((s) => s.restId);
  const settingsQuery = useWorkHoursSettings();
  const settings = settingsQuery.data;
  const editPermission = useWorkHourPerm();
  const narrow = useNarrow();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const clock = settings ? { kind: settings.payPeriod, anchor: settings.anchor } : null;
  const today = settings ? businessDayOf(Date.now(), settings.timeZone, settings.hourOffsetEndOfDay) : '';
  const period = clock ? payPeriodOf(url.period ?? today, clock) : null;
  const range =
    settings && period
      ? {
          from: businessDayBounds(period.start, settings.timeZone, settings.hourOffsetEndOfDay).start.getTime(),
          to: businessDayBounds(period.end, settings.timeZone, settings.hourOffsetEndOfDay).end.getTime(),
        }
      : null;
  const sheet = useWorkDuration(restId, range);
  const data = sheet.data;
  // each change builds on the last one asked for, even before the page has rendered it (useLatestSearch)
  const update = (patch: Partial<TWorkHoursUrl>) =>
    setSearch((current) => workHoursSearch({ ...parseWorkHoursUrl(current), ...patch }), { replace: false });
  const target = targetOf(url, data, today);
  // Edits need editWorkHour, asked once per session (SPEC 4) and confirmed by the server's answer.
  const canEdit = editPermission === true && data?.canEdit === true;
  const locked = data?.period.status === 'closed';

  const failed = settingsQuery.error ?? (sheet.isError && !data ? sheet.error : null);
  if (failed) {
    return (
      <Result
        status="warning"
        title={t('title')}
        // SPEC 8: the server's errmsg, or 'Fetch failed'
        subTitle={errorText(failed, MESSAGES.fetchFailed.en)}
        extra={
          <Button type="primary" onClick={() => void (settingsQuery.error ? settingsQuery.refetch() : sheet.refetch())}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!settings || !period || !data) {
    return <Skeleton active aria-label={t('loading')} />;
  }

  const flags = data.timesheet.rows
    .flatMap((r) => r.shifts)
    .filter((s) => s.flags.missedMeal || s.flags.openTooLong || s.flags.overlap).length;
  const overtime = data.timesheet.rows.reduce((s, r) => s + r.ot15 + r.ot2, 0);
  const openShift = (shift: TSheetShift) => update({ shift: shift.id, add: null });

  async function exportAs(format: 'csv' | 'xlsx') {
    if (!period) return;
    setExporting(format);
    try {
      await downloadPayroll(period.start, format);
    } catch (error) {
      showErrorMessage(errorText(error));
    } finally {
      setExporting(null);
    }
  }

  const p = data.period;
  const viewSwitch = (
    <Segmented
      className="ra-wh-gap"
      aria-label={t('view.label')}
      value={url.view ?? 'hours'}
      onChange={(v) => update({ view: v === 'tips' ? 'tips' : 'hours', shift: null, add: null, dialog: null })}
      options={[
        { value: 'hours', label: t('view.hours') },
        { value: 'tips', label: t('view.tips') },
      ]}
    />
  );
  if (url.view === 'tips') {
    return (
      <div className="ra-wh">
        {viewSwitch}
        <TipsView
          start={url.period ? period.start : null}
          onPeriod={(start) => update({ period: start })}
          canEdit={canEdit}
          narrow={narrow}
        />
        {canEdit && (
          <PaySetupDrawer
            open={url.dialog === 'setup'}
            onClose={() => update({ dialog: null })}
            settings={settings}
            narrow={narrow}
          />
        )}
      </div>
    );
  }
  return (
    <div className="ra-wh">
      {viewSwitch}
      <div className="ra-wh-head">
        <Space wrap className="ra-wh-period" aria-label={t('period.label')}>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('period.prev')}
            onClick={() => update({ period: shiftPayPeriod(period, -1, clock!).start, shift: null, add: null })}
          />
          <span className="ra-wh-period__range" aria-live="polite">
            {t('period.range', { from: formatDay(period.start, lang), to: formatDay(period.end, lang) })}
          </span>
          <Button
            icon={<RightOutlined />}
            aria-label={t('period.next')}
            onClick={() => update({ period: shiftPayPeriod(period, 1, clock!).start, shift: null, add: null })}
          />
          {url.period && (
            <Button onClick={() => update({ period: null, shift: null, add: null })}>{t('period.current')}</Button>
          )}
          <Tag
            color={p.status === 'closed' ? 'red' : p.status === 'reopened' ? 'orange' : 'green'}
            data-testid="period-status"
          >
            {t(`period.status.${p.status}`)}
          </Tag>
          <span className="ra-wh-muted">{t(`period.kind.${settings.payPeriod}`)}</span>
        </Space>
        {canEdit && (
          <Space wrap>
            <Button icon={<SettingOutlined />} onClick={() => update({ dialog: 'setup' })}>
              {t('actions.setup')}
            </Button>
            {p.status === 'closed' ? (
              <>
                <Button icon={<UnlockOutlined />} onClick={() => update({ dialog: 'reopen' })}>
                  {t('actions.reopen')}
                </Button>
                <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => void exportAs('csv')}>
                  {t('actions.exportCsv')}
                </Button>
                <Button
                  icon={<FileExcelOutlined />}
                  loading={exporting === 'xlsx'}
                  onClick={() => void exportAs('xlsx')}
                >
                  {t('actions.exportXlsx')}
                </Button>
              </>
            ) : (
              <Tooltip title={p.ended ? undefined : t('period.notEnded')}>
                <Button
                  type="primary"
                  icon={<LockOutlined />}
                  disabled={!p.ended || !p.isPayPeriod}
                  onClick={() => update({ dialog: 'close' })}
                >
                  {t('actions.close')}
                </Button>
              </Tooltip>
            )}
          </Space>
        )}
      </div>

      <p className="ra-wh-muted ra-wh-rules">
        {t(`rules.${settings.overtimeRules}`)} · {t('period.step', { step: settings.workHoursSteps })}
      </p>
      {!data.canEdit && <Alert type="info" showIcon className="ra-wh-gap" title={t('staff.ownOnly')} />}
      {p.status === 'closed' && (
        <Alert
          type="warning"
          showIcon
          icon={<LockOutlined />}
          className="ra-wh-gap"
          title={t('period.closedBy', {
            name: p.closedBy ?? '',
            at: p.closedAt ? formatDateTime(p.closedAt, lang, settings.timeZone) : '',
          })}
        />
      )}
      {p.status === 'reopened' && (
        <Alert
          type="info"
          showIcon
          className="ra-wh-gap"
          data-testid="reopened-note"
          title={t('period.reopenedBy', {
            name: p.reopenedBy ?? '',
            at: p.reopenedAt ? formatDateTime(p.reopenedAt, lang, settings.timeZone) : '',
            reason: p.reopenReason ?? '',
          })}
        />
      )}

      <div className="ra-wh-stats">
        <Card size="small">
          <Statistic title={t('summary.hours')} value={formatHundredths(data.timesheet.total)} />
        </Card>
        <Card size="small">
          <Statistic title={t('summary.overtime')} value={formatHundredths(overtime)} />
        </Card>
        <Card size="small">
          <Statistic title={t('summary.gross')} value={formatCents(data.timesheet.grossCents, lang)} />
        </Card>
        <Card size="small">
          <Statistic title={t('summary.flags')} value={flags} />
        </Card>
      </div>

      {data.timesheet.rows.length === 0 ? (
        <Empty description={t('empty.noEmployees')} />
      ) : narrow ? (
        <DayCards data={data} lang={lang} zone={settings.timeZone} canEdit={canEdit && !locked} onOpen={openShift} />
      ) : (
        <TimesheetGrid
          data={data}
          lang={lang}
          zone={settings.timeZone}
          canEdit={canEdit && !locked}
          onOpen={openShift}
          onAdd={(xid) => update({ add: xid, shift: null })}
        />
      )}

      {canEdit && <LaborSummary data={data} lang={lang} />}

      {target && restId !== null && (
        <ShiftDrawer
          key={`${target.shift?.id ?? 'new'}-${target.employee.xid}`}
          open
          onClose={() => update({ shift: null, add: null })}
          restId={restId}
          settings={settings}
          employee={target.employee}
          shift={target.shift}
          day={target.day}
          narrow={narrow}
        />
      )}
      {canEdit && (
        <PaySetupDrawer
          open={url.dialog === 'setup'}
          onClose={() => update({ dialog: null })}
          settings={settings}
          narrow={narrow}
        />
      )}
      {canEdit && restId !== null && (
        <PeriodDialogs
          dialog={url.dialog === 'setup' ? null : url.dialog}
          start={period.start}
          restId={restId}
          onClose={() => update({ dialog: null })}
        />
      )}
    </div>
  );
}
