import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDay, type TDisplayLanguage } from '@ra/shared/format/locale-format';
import { formatHundredths } from '@ra/shared/work-hours/hours';
import type { TSheetShift, TWorkDurationResponse } from '@ra/shared/work-hours/work-hours.schemas';
import { dayCards } from '../day-cards.ts';
import { BreakList, EditedTag, FlagTags, PunchTime } from './shift-bits.tsx';

/** The timesheet at phone width: one card per business day with its shifts, newest day first. */
export function DayCards({
  data,
  lang,
  zone,
  canEdit,
  onOpen,
}: {
  data: TWorkDurationResponse;
  lang: TDisplayLanguage;
  zone: string;
  canEdit: boolean;
  onOpen: (shift: TSheetShift) => void;
}) {
  const { t } = useTranslation('work-hours');
  const cards = dayCards(data.timesheet);
  if (cards.length === 0) return <Empty description={t('empty.noShifts')} />;
  return (
    <ul className="ra-wh-cards">
      {cards.map((card) => (
        <li key={card.day} className="ra-wh-card">
          <h3 className="ra-wh-card__title">
            {t('phone.day', { day: formatDay(card.day, lang, { weekday: true }), hours: formatHundredths(card.total) })}
          </h3>
          <ul className="ra-wh-card__shifts">
            {card.shifts.map(({ name, shift }) => {
              const body = (
                <>
                  <span className="ra-wh-card__line">
                    <strong>{name}</strong>
                    <strong>{formatHundredths(shift.paid)}</strong>
                  </span>
                  <span className="ra-wh-card__times">
                    <PunchTime rounded={shift.roundedIn} raw={shift.clockInAt} lang={lang} zone={zone} />
                    <span aria-hidden="true">–</span>
                    {shift.roundedOut === null || shift.clockOutAt === null ? (
                      <span className="ra-wh-muted">{t('shift.stillIn')}</span>
                    ) : (
                      <PunchTime rounded={shift.roundedOut} raw={shift.clockOutAt} lang={lang} zone={zone} />
                    )}
                  </span>
                  <BreakList shift={shift} lang={lang} zone={zone} />
                  {shift.ot15 + shift.ot2 > 0 && (
                    <span className="ra-wh-muted">
                      {t('shift.overtime', { hours: formatHundredths(shift.ot15 + shift.ot2) })}
                    </span>
                  )}
                  <span>
                    <FlagTags shift={shift} />
                    <EditedTag shift={shift} lang={lang} zone={zone} />
                  </span>
                </>
              );
              return (
                <li key={shift.id}>
                  {canEdit ? (
                    <button
                      type="button"
                      className="ra-wh-card__shift ra-wh-card__shift--button"
                      aria-label={t('actions.editShiftOf', { name, day: formatDay(card.day, lang) })}
                      onClick={() => onOpen(shift)}
                    >
                      {body}
                    </button>
                  ) : (
                    <div className="ra-wh-card__shift">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
