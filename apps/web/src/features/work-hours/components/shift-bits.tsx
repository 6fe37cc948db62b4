import { Tag, Tooltip } from 'antd';
import EditOutlined from '@ant-design/icons/EditOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDateTime, type TDisplayLanguage } from '@ra/shared/format/locale-format';
import type { TSheetShift } from '@ra/shared/work-hours/work-hours.schemas';

/** The shift's flags as tags (missed meal, open over 16 h, overlapping). */
export function FlagTags({ shift }: { shift: TSheetShift }) {
  const { t } = useTranslation('work-hours');
  const on = (['missedMeal', 'openTooLong', 'overlap'] as const).filter((f) => shift.flags[f]);
  return (
    <>
      {on.map((f) => (
        <Tag key={f} color="red" icon={<WarningOutlined />}>
          {t(`flags.${f}`)}
        </Tag>
      ))}
    </>
  );
}

/** "Edited" with who, when and why; the employee sees this on their own hours. */
export function EditedTag({ shift, lang, zone }: { shift: TSheetShift; lang: TDisplayLanguage; zone: string }) {
  const { t } = useTranslation('work-hours');
  if (!shift.edited) return null;
  const text = t('shift.editedBy', {
    name: shift.editedBy ?? '',
    at: shift.editedAt ? formatDateTime(shift.editedAt, lang, zone) : '',
    reason: shift.editReason ?? '',
  });
  return (
    <Tooltip title={text}>
      <Tag color="blue" icon={<EditOutlined />} aria-label={text} tabIndex={0}>
        {t('shift.edited')}
      </Tag>
    </Tooltip>
  );
}

/** Rounded time first, the punch as reported beside it when rounding moved it. */
export function PunchTime({
  rounded,
  raw,
  lang,
  zone,
}: {
  rounded: number;
  raw: number;
  lang: TDisplayLanguage;
  zone: string;
}) {
  const { t } = useTranslation('work-hours');
  return (
    <span className="ra-wh-punch">
      <span>{formatClock(rounded, lang, zone)}</span>
      {rounded !== raw && (
        <span className="ra-wh-muted"> ({t('shift.punched', { time: formatClock(raw, lang, zone) })})</span>
      )}
    </span>
  );
}

export function BreakList({ shift, lang, zone }: { shift: TSheetShift; lang: TDisplayLanguage; zone: string }) {
  const { t } = useTranslation('work-hours');
  if (shift.breaks.length === 0) return <span className="ra-wh-muted">—</span>;
  return (
    <ul className="ra-wh-breaklist">
      {shift.breaks.map((b, i) => (
        <li key={i}>
          {t('break.summary', {
            kind: t(`break.${b.kind}`),
            from: formatClock(b.startAt, lang, zone),
            to: formatClock(b.endAt, lang, zone),
            paid: t(b.paid ? 'break.paid' : 'break.unpaid'),
          })}
        </li>
      ))}
    </ul>
  );
}
