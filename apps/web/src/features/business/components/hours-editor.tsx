import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, Space, Switch, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import {
  MAX_RANGES_PER_DAY,
  ZUpdateRestRequest,
  type TRestProfile,
  type TTimeRange,
} from '@ra/shared/business/business.schemas';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText } from '../../../lib/request.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { useUpdateRest } from '../api/profile.ts';
import { tr } from '../form-rules.ts';
import './business.css';
import { DateInput } from '../../../components/date-input.tsx';

type TDay = { day: number; closed: boolean; ranges: TTimeRange[] };
type TSpecial = { date: string; closed: boolean; ranges: TTimeRange[]; note: string };

/** Monday first, as restaurants read their week; `day` stays Date#getDay's 0 = Sunday. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

function RangesEditor({
  ranges,
  onChange,
  label,
}: {
  ranges: TTimeRange[];
  onChange: (ranges: TTimeRange[]) => void;
  label: string;
}) {
  const { t } = useTranslation('business');
  return (
    <Space direction="vertical" size={4}>
      {ranges.map((r, i) => (
        <Space key={i} wrap size={4} className="ra-business__range">
          <Input
            type="time"
            value={r.open}
            aria-label={t('hours.openAt', { day: label, n: i + 1 })}
            onChange={(e) => onChange(ranges.map((x, j) => (j === i ? { ...x, open: e.target.value } : x)))}
            style={{ width: 120 }}
          />
          <span aria-hidden>–</span>
          <Input
            type="time"
            value={r.close}
            aria-label={t('hours.closeAt', { day: label, n: i + 1 })}
            onChange={(e) => onChange(ranges.map((x, j) => (j === i ? { ...x, close: e.target.value } : x)))}
            style={{ width: 120 }}
          />
          {r.close <= r.open && r.close !== r.open && (
            <Typography.Text type="secondary">{t('hours.nextDay')}</Typography.Text>
          )}
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('hours.removeRange', { day: label, n: i + 1 })}
            onClick={() => onChange(ranges.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      {ranges.length < MAX_RANGES_PER_DAY && (
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() =>
            onChange([...ranges, ranges.length ? { open: '17:00', close: '22:00' } : { open: '11:00', close: '22:00' }])
          }
        >
          {t('hours.addRange')}
        </Button>
      )}
    </Space>
  );
}

/**
 * Weekly hours (closed flag, up to four ranges a day, past midnight) and holidays or special hours,
 * saved together through /api/updaterest with the restaurant's other fields unchanged.
 */
export function HoursEditor({ profile }: { profile: TRestProfile }) {
  const { t } = useTranslation('business');
  const [week, setWeek] = useState<TDay[]>(profile.businessHours);
  const [special, setSpecial] = useState<TSpecial[]>(profile.specialDays);
  const [dirty, setDirty] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const guard = useUnsavedChanges(dirty);
  const save = useUpdateRest();

  const body = {
    name: profile.name,
    fullname: profile.fullname,
    street: profile.street,
    city: profile.city,
    state: profile.state,
    zip: profile.zip,
    phone: profile.phone,
    businessHours: week,
    specialDays: special,
  };
  const parsed = ZUpdateRestRequest.safeParse(body);
  const issues = parsed.success ? [] : parsed.error.issues;
  const issueAt = (prefix: string) => {
    const found = issues.find((i) => i.path.join('.').startsWith(prefix));
    return found ? tr(found.message) : undefined;
  };
  const profileIssue = issues.find((i) => i.path[0] !== 'businessHours' && i.path[0] !== 'specialDays');

  const setDay = (day: number, next: Partial<TDay>) => {
    setDirty(true);
    setWeek((w) => w.map((d) => (d.day === day ? { ...d, ...next } : d)));
  };
  const setSpecialAt = (i: number, next: Partial<TSpecial>) => {
    setDirty(true);
    setSpecial((s) => s.map((d, j) => (j === i ? { ...d, ...next } : d)));
  };

  async function submit() {
    setFailure(null);
    try {
      await save.mutateAsync(body);
      setDirty(false);
      guard.release();
      showSuccessMessage(t('hours.saved'));
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  const weekdayName = (day: number) => t(`weekday.${day}`);

  return (
    <div className="ra-business__hours">
      <UnsavedChangesPrompt guard={guard} />
      <Card title={t('hours.weekly')} size="small">
        <div role="list" aria-label={t('hours.weekly')}>
          {WEEK_ORDER.map((day) => {
            const d = week.find((w) => w.day === day)!;
            const problem = issueAt(`businessHours.${week.indexOf(d)}`);
            return (
              <div role="listitem" key={day} className="ra-business__day" data-testid={`weekday-${day}`}>
                <div className="ra-business__day-name">
                  <Typography.Text strong>{weekdayName(day)}</Typography.Text>
                  <Switch
                    checked={!d.closed}
                    checkedChildren={t('hours.open')}
                    unCheckedChildren={t('hours.closed')}
                    aria-label={t('hours.openOn', { day: weekdayName(day) })}
                    onChange={(open) =>
                      setDay(day, {
                        closed: !open,
                        ranges:
                          open && d.ranges.length === 0 ? [{ open: '11:00', close: '22:00' }] : open ? d.ranges : [],
                      })
                    }
                  />
                </div>
                <div>
                  {d.closed ? (
                    <Typography.Text type="secondary">{t('hours.closedAllDay')}</Typography.Text>
                  ) : (
                    <RangesEditor
                      label={weekdayName(day)}
                      ranges={d.ranges}
                      onChange={(ranges) => setDay(day, { ranges })}
                    />
                  )}
                  {problem && (
                    <Typography.Text type="danger" role="alert" className="ra-business__problem">
                      {problem}
                    </Typography.Text>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      </Card>

      <Card
        title={t('hours.special')}
        size="small"
        extra={
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              setDirty(true);
              setSpecial((s) => [...s, { date: '', closed: true, ranges: [], note: '' }]);
            }}
          >
            {t('hours.addSpecial')}
          </Button>
        }
      >
        {special.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hours.noSpecial')} />
        ) : (
          <div role="list" aria-label={t('hours.special')}>
            {special.map((s, i) => {
              const problem = issueAt(`specialDays.${i}`) ?? (i === 0 ? issueAt('specialDays') : undefined);
              const label = s.date || t('hours.newDate');
              return (
                <div role="listitem" key={i} className="ra-business__special" data-testid={`special-${i}`}>
                  <Space wrap>
                    <DateInput
                      value={s.date}
                      aria-label={t('hours.date')}
                      onChange={(e) => setSpecialAt(i, { date: e.target.value })}
                      style={{ width: 160 }}
                    />
                    <Switch
                      checked={!s.closed}
                      checkedChildren={t('hours.otherHours')}
                      unCheckedChildren={t('hours.closed')}
                      aria-label={t('hours.openOn', { day: label })}
                      onChange={(open) =>
                        setSpecialAt(i, { closed: !open, ranges: open ? [{ open: '12:00', close: '16:00' }] : [] })
                      }
                    />
                    <Input
                      value={s.note}
                      maxLength={60}
                      placeholder={t('hours.notePlaceholder')}
                      aria-label={t('hours.note')}
                      onChange={(e) => setSpecialAt(i, { note: e.target.value })}
                      style={{ width: 200 }}
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('hours.removeSpecial', { day: label })}
                      onClick={() => {
                        setDirty(true);
                        setSpecial((all) => all.filter((_, j) => j !== i));
                      }}
                    />
                  </Space>
                  {!s.closed && (
                    <RangesEditor label={label} ranges={s.ranges} onChange={(ranges) => setSpecialAt(i, { ranges })} />
                  )}
                  {problem && (
                    <Typography.Text type="danger" role="alert" className="ra-business__problem">
                      {problem}
                    </Typography.Text>
                  )}
                </div>
              );
            })}
          </div>
        )}
      </Card>

      {profileIssue && <Alert type="warning" showIcon message={t('hours.fixProfileFirst')} />}
      {failure && <Alert type="error" showIcon message={failure} />}
      <div className="ra-business__actions">
        <Button
          type="primary"
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={!parsed.success || !dirty}
        >
          {t('hours.save')}
        </Button>
      </div>
    </div>
  );
}
