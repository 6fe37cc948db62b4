import { Button, Table, Tooltip } from 'antd';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDay, formatMonthDay, type TDisplayLanguage } from '@ra/shared/format/locale-format';
import { formatHundredths } from '@ra/shared/work-hours/hours';
import type { TSheetRow, TSheetShift, TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { BreakList, EditedTag, FlagTags, PunchTime } from './shift-bits.tsx';

const flagged = (s: TSheetShift) => s.flags.missedMeal || s.flags.openTooLong || s.flags.overlap;
const weekday = (day: string, lang: TDisplayLanguage) =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The desktop timesheet: employees by days, totals in N.NNh; a row opens to its shifts. */
export function TimesheetGrid({
  data,
  lang,
  zone,
  canEdit,
  onOpen,
  onAdd,
}: {
  data: TWorkDurationResponse;
  lang: TDisplayLanguage;
  zone: string;
  canEdit: boolean;
  onOpen: (shift: TSheetShift) => void;
  onAdd: (xid: string) => void;
}) {
  const { t } = useTranslation('work-hours');
  const days = data.timesheet.days;
  const columns: ColumnsType<TSheetRow> = [
    { key: 'name', title: t('columns.employee'), dataIndex: 'name', fixed: 'left', width: 170 },
    ...days.map((day) => ({
      key: day,
      title: (
        <span className="ra-wh-daycol">
          <span>{weekday(day, lang)}</span>
          <span>{formatMonthDay(day, lang)}</span>
        </span>
      ),
      align: 'right' as const,
      width: 74,
      render: (_: unknown, row: TSheetRow) => {
        const value = row.days[day] ?? 0;
        const warn = row.shifts.some((s) => s.businessDay === day && flagged(s));
        return (
          <span className={value === 0 ? 'ra-wh-muted' : undefined}>
            {value === 0 ? '—' : formatHundredths(value)}
            {warn && <WarningOutlined className="ra-wh-warn" aria-label={t('columns.flags')} />}
          </span>
        );
      },
    })),
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      width: 84,
      render: (_, r) => <strong>{formatHundredths(r.total)}</strong>,
    },
    {
      key: 'regular',
      title: t('columns.regular'),
      align: 'right',
      width: 84,
      render: (_, r) => formatHundredths(r.regular),
    },
    {
      key: 'ot15',
      title: t('columns.ot15'),
      align: 'right',
      width: 90,
      render: (_, r) => <span data-testid={`ot15-${r.xid}`}>{formatHundredths(r.ot15)}</span>,
    },
    { key: 'ot2', title: t('columns.ot2'), align: 'right', width: 90, render: (_, r) => formatHundredths(r.ot2) },
    {
      key: 'gross',
      title: t('columns.gross'),
      align: 'right',
      width: 110,
      render: (_, r) => formatCents(r.grossCents, lang),
    },
  ];

  const shiftColumns: ColumnsType<TSheetShift> = [
    { key: 'day', title: t('columns.day'), render: (_, s) => formatDay(s.businessDay, lang, { weekday: true }) },
    {
      key: 'in',
      title: t('columns.in'),
      render: (_, s) => <PunchTime rounded={s.roundedIn} raw={s.clockInAt} lang={lang} zone={zone} />,
    },
    {
      key: 'out',
      title: t('columns.out'),
      render: (_, s) =>
        s.clockOutAt === null || s.roundedOut === null ? (
          <span className="ra-wh-muted">{t('shift.stillIn')}</span>
        ) : (
          <PunchTime rounded={s.roundedOut} raw={s.clockOutAt} lang={lang} zone={zone} />
        ),
    },
    { key: 'breaks', title: t('columns.breaks'), render: (_, s) => <BreakList shift={s} lang={lang} zone={zone} /> },
    {
      key: 'paid',
      title: t('columns.paid'),
      align: 'right',
      render: (_, s) => (
        <span>
          {formatHundredths(s.paid)}
          {s.ot15 + s.ot2 > 0 && (
            <div className="ra-wh-muted">{t('shift.overtime', { hours: formatHundredths(s.ot15 + s.ot2) })}</div>
          )}
        </span>
      ),
    },
    { key: 'tips', title: t('columns.tips'), align: 'right', render: (_, s) => formatCents(s.declaredTipsCents, lang) },
    {
      key: 'flags',
      title: t('columns.flags'),
      render: (_, s) => (
        <>
          <FlagTags shift={s} />
          <EditedTag shift={s} lang={lang} zone={zone} />
        </>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_: unknown, s: TSheetShift) => (
              <Tooltip title={t('actions.edit')}>
                <Button
                  icon={<EditOutlined />}
                  aria-label={`${t('actions.edit')} ${formatDay(s.businessDay, lang)}`}
                  onClick={() => onOpen(s)}
                />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <Table<TSheetRow>
      className="ra-wh-grid"
      rowKey="xid"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={data.timesheet.rows}
      scroll={{ x: 170 + days.length * 74 + 460 }}
      expandable={{
        rowExpandable: (r) => r.shifts.length > 0 || canEdit,
        defaultExpandedRowKeys: data.canEdit ? [] : data.timesheet.rows.map((r) => r.xid),
        expandedRowRender: (r) => (
          <div className="ra-wh-shifts">
            <Table<TSheetShift>
              rowKey="id"
              size="small"
              pagination={false}
              columns={shiftColumns}
              dataSource={r.shifts}
              locale={{ emptyText: t('empty.noShifts') }}
            />
            {canEdit && (
              <Button icon={<PlusOutlined />} className="ra-wh-gap" onClick={() => onAdd(r.xid)}>
                {t('actions.addShiftFor', { name: r.name })}
              </Button>
            )}
          </div>
        ),
      }}
      summary={() => (
        <Table.Summary fixed>
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} />
            <Table.Summary.Cell index={1}>
              <strong>{t('totals.label')}</strong>
            </Table.Summary.Cell>
            {days.map((day, i) => (
              <Table.Summary.Cell key={day} index={i + 2} align="right">
                {formatHundredths(data.timesheet.dayTotals[day] ?? 0)}
              </Table.Summary.Cell>
            ))}
            <Table.Summary.Cell index={days.length + 2} align="right">
              <strong>{formatHundredths(data.timesheet.total)}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={days.length + 3} colSpan={3} />
            <Table.Summary.Cell index={days.length + 6} align="right">
              {formatCents(data.timesheet.grossCents, lang)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        </Table.Summary>
      )}
    />
  );
}
