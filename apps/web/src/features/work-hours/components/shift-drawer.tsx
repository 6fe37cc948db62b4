import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Input, Select, Space, Tag, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDateTime, formatDay, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { formatDuration } from '@ra/shared/work-hours/hours';
import { shiftTimes, BREAK_KINDS } from '@ra/shared/work-hours/timesheet';
import { WORK_HOURS_MESSAGES } from '@ra/shared/work-hours/work-hours.messages';
import {
  ZReason,
  type TBreakInput,
  type TSheetShift,
  type TWorkHoursSettings,
} from '@ra/shared/work-hours/work-hours.schemas';
import { showConfirm, showSuccessMessage } from '../../../lib/feedback.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { useDeleteShift } from '../api/delete-shift.ts';
import { useSaveShift } from '../api/save-shift.ts';
import { uploadSignature } from '../api/upload-signature.ts';
import { fromZonedInput, toZonedInput } from '../work-hours-url.ts';
import { shiftSignature } from '../signature.ts';
import { SignatureField, type TSignatureHandle } from './signature-field.tsx';
import { NumberInput, NumberProblemText, numberProblem } from '../../../components/number-input.tsx';
import { DateInput } from '../../../components/date-input.tsx';

interface TBreakRow {
  kind: TBreakInput['kind'];
  paid: boolean;
  start: string;
  end: string;
}

type TErrors = Partial<Record<'in' | 'out' | 'breaks' | 'reason' | 'signatureUrl' | 'form', string>>;

/**
 * Adds or changes one shift with the SPEC 7 calls: clock in and out in the restaurant's time, breaks
 * (meal or rest, paid or not), declared tips, waiting time when the restaurant uses it, a reason
 * (always) and a signature (required when requireSignatureForWorkHoursEdit is on, offered when the
 * restaurant takes signatures).
 */
export function ShiftDrawer({
  open,
  onClose,
  restId,
  settings,
  employee,
  shift,
  day,
  narrow,
}: {
  open: boolean;
  onClose: () => void;
  restId: number;
  settings: TWorkHoursSettings;
  employee: { xid: string; name: string };
  /** null adds a new shift. */
  shift: TSheetShift | null;
  /** A business day to start a new shift on. */
  day: string;
  narrow: boolean;
}) {
  const { t } = useTranslation('work-hours');
  const lang = toDisplayLanguage(currentLanguage());
  const zone = settings.timeZone;
  const tr = (en: string) => translateServerMessage(en, lang);
  const [inValue, setIn] = useState(() => (shift ? toZonedInput(shift.clockInAt, zone) : `${day}T09:00`));
  const [outValue, setOut] = useState(() =>
    shift ? (shift.clockOutAt === null ? '' : toZonedInput(shift.clockOutAt, zone)) : `${day}T17:00`,
  );
  const [breaks, setBreaks] = useState<TBreakRow[]>(() =>
    (shift?.breaks ?? []).map((b) => ({
      kind: b.kind,
      paid: b.paid,
      start: toZonedInput(b.startAt, zone),
      end: toZonedInput(b.endAt, zone),
    })),
  );
  const [tips, setTips] = useState<number | null>(shift ? shift.declaredTipsCents / 100 : 0);
  const [waiting, setWaiting] = useState<number | null>(shift?.waitingMinutes ?? 0);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [busy, setBusy] = useState(false);
  const signature = useRef<TSignatureHandle | null>(null);
  const save = useSaveShift();
  const remove = useDeleteShift();
  const signatureMode = shiftSignature(settings);
  const needsSignature = signatureMode === 'required';
  const onSigned = useCallback(() => setErrors((e) => ({ ...e, signatureUrl: undefined })), []);

  const draft = useMemo(() => {
    const clockInAt = fromZonedInput(inValue, zone);
    const clockOutAt = outValue ? fromZonedInput(outValue, zone) : null;
    const parsedBreaks = breaks.map((b) => ({
      kind: b.kind,
      paid: b.paid,
      startAt: fromZonedInput(b.start, zone) ?? 0,
      endAt: fromZonedInput(b.end, zone) ?? 0,
    }));
    return { clockInAt, clockOutAt, breaks: parsedBreaks };
  }, [inValue, outValue, breaks, zone]);

  const preview = useMemo(() => {
    if (draft.clockInAt === null || draft.clockOutAt === null || draft.clockOutAt <= draft.clockInAt) return null;
    const times = shiftTimes(
      {
        id: 0,
        userId: 0,
        clockInAt: draft.clockInAt,
        clockOutAt: draft.clockOutAt,
        breaks: draft.breaks,
        wageCents: 0,
        waitingMinutes: waiting ?? 0,
      },
      { timeZone: zone, hourOffsetEndOfDay: settings.hourOffsetEndOfDay, step: settings.workHoursSteps },
    );
    return t('shift.rounded', {
      from: formatClock(times.roundedIn, lang, zone),
      to: formatClock(times.roundedOut ?? 0, lang, zone),
      hours: formatDuration(times.paidMs),
    });
  }, [draft, waiting, zone, settings, lang, t]);

  // what was typed, checked (never clamped): the message shows under the field and nothing is sent
  const tipsProblem = numberProblem(tips, { min: 0, max: 100000, decimals: 2 });
  const waitingProblem = settings.enableClockingOutWaitingTime ? numberProblem(waiting, { min: 0, max: 240 }) : null;

  /** Reason and signature, checked before anything is sent; the signature is stored first. */
  async function confirmations(): Promise<{ reason: string; signatureUrl: string | null } | null> {
    const next: TErrors = {};
    const parsed = ZReason.safeParse(reason);
    if (!parsed.success) next.reason = tr(parsed.error.issues[0]?.message ?? WORK_HOURS_MESSAGES.reasonRequired.en);
    const drawn = signatureMode !== 'none' ? (signature.current?.read() ?? null) : null;
    if (needsSignature && !drawn) next.signatureUrl = tr(WORK_HOURS_MESSAGES.signatureRequired.en);
    setErrors((e) => ({ ...e, ...next, form: undefined }));
    if (Object.keys(next).length > 0 || !parsed.success) return null;
    const signatureUrl = drawn ? await uploadSignature(restId, drawn) : null;
    return { reason: parsed.data, signatureUrl };
  }

  function showFailure(error: unknown) {
    if (isApiError(error) && error.errors) {
      const map: TErrors = {};
      for (const [field, message] of Object.entries(error.errors)) {
        const key = field === 'timeReportedAs' ? 'out' : field === 'inTimeReportedAs' ? 'in' : field;
        map[(['in', 'out', 'breaks', 'reason', 'signatureUrl'].includes(key) ? key : 'form') as keyof TErrors] =
          tr(message);
      }
      setErrors(map);
    } else {
      setErrors({ form: errorText(error) });
    }
  }

  async function onSave() {
    if (tipsProblem || waitingProblem) return;
    const next: TErrors = {};
    if (draft.clockInAt === null) next.in = t('form.inRequired');
    if (!shift && draft.clockOutAt === null) next.out = t('form.outRequired');
    if (breaks.some((b) => !b.start || !b.end)) next.breaks = tr(WORK_HOURS_MESSAGES.breakOrder.en);
    setErrors(next);
    if (Object.keys(next).length > 0 || draft.clockInAt === null) return;
    setBusy(true);
    try {
      const ok = await confirmations();
      if (!ok) return;
      await save.mutateAsync({
        restId,
        xid: employee.xid,
        before: shift
          ? {
              id: shift.id,
              clockInAt: shift.clockInAt,
              clockOutAt: shift.clockOutAt,
              breaks: shift.breaks,
              declaredTipsCents: shift.declaredTipsCents,
              waitingMinutes: shift.waitingMinutes,
            }
          : null,
        draft: {
          clockInAt: draft.clockInAt,
          clockOutAt: draft.clockOutAt,
          breaks: draft.breaks,
          declaredTipsCents: Math.round((tips ?? 0) * 100),
          waitingMinutes: waiting ?? 0,
        },
        ...ok,
      });
      showSuccessMessage(t('messages.saved'));
      onClose();
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  }

  function onDelete() {
    if (!shift) return;
    showConfirm({
      title: t('actions.delete'),
      content: t('delete.confirm'),
      okText: t('actions.delete'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const ok = await confirmations();
          if (!ok) return;
          await remove.mutateAsync({ id: shift.id, open: shift.clockOutAt === null, ...ok });
          showSuccessMessage(t('messages.deleted'));
          onClose();
        } catch (error) {
          showFailure(error);
        } finally {
          setBusy(false);
        }
      },
    });
  }

  const updateBreak = (i: number, patch: Partial<TBreakRow>) =>
    setBreaks((rows) => rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={narrow ? '100%' : 520}
      focusable={{ trap: true, focusTriggerAfterClose: true }}
      destroyOnHidden
      title={
        shift
          ? t('actions.editShiftOf', {
              name: employee.name,
              day: formatDay(shift.businessDay, lang, { weekday: true }),
            })
          : t('actions.addShiftFor', { name: employee.name })
      }
      footer={
        <Space wrap>
          <Button type="primary" onClick={() => void onSave()} loading={busy}>
            {t('actions.save')}
          </Button>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          {shift && (
            <Button danger icon={<DeleteOutlined />} onClick={onDelete} disabled={busy}>
              {t('actions.delete')}
            </Button>
          )}
        </Space>
      }
    >
      <form
        className="ra-wh-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        {errors.form && <Alert type="error" showIcon title={errors.form} className="ra-wh-gap" />}
        {shift?.edited && (
          <Alert
            type="info"
            className="ra-wh-gap"
            title={t('shift.editedBy', {
              name: shift.editedBy ?? '',
              at: shift.editedAt ? formatDateTime(shift.editedAt, lang, zone) : '',
              reason: shift.editReason ?? '',
            })}
            description={needsSignature ? t('form.editedNote') : undefined}
          />
        )}
        <label className="ra-wh-field">
          <span>{t('form.in')}</span>
          <DateInput
            kind="datetime-local"
            aria-label={t('form.in')}
            value={inValue}
            onChange={(e) => setIn(e.target.value)}
            status={errors.in ? 'error' : undefined}
            aria-invalid={!!errors.in}
          />
          {shift && (
            <span className="ra-wh-muted">
              {t('shift.punched', { time: formatDateTime(shift.clockInAt, lang, zone) })}
            </span>
          )}
          {errors.in && (
            <span className="ra-wh-error" role="alert">
              {errors.in}
            </span>
          )}
        </label>
        <label className="ra-wh-field">
          <span>{t('form.out')}</span>
          <DateInput
            kind="datetime-local"
            aria-label={t('form.out')}
            value={outValue}
            onChange={(e) => setOut(e.target.value)}
            status={errors.out ? 'error' : undefined}
            aria-invalid={!!errors.out}
          />
          {shift?.clockOutAt ? (
            <span className="ra-wh-muted">
              {t('shift.punched', { time: formatDateTime(shift.clockOutAt, lang, zone) })}
            </span>
          ) : (
            shift && <span className="ra-wh-muted">{t('form.outHint')}</span>
          )}
          {errors.out && (
            <span className="ra-wh-error" role="alert">
              {errors.out}
            </span>
          )}
        </label>
        {preview && (
          <Typography.Paragraph className="ra-wh-preview" data-testid="shift-preview">
            {preview}
          </Typography.Paragraph>
        )}
        <fieldset className="ra-wh-breaks">
          <legend>{t('columns.breaks')}</legend>
          {breaks.map((b, i) => (
            <div className="ra-wh-break" key={i}>
              <Select
                className="ra-wh-break__kind"
                aria-label={t('break.kind')}
                value={b.kind}
                onChange={(kind) => updateBreak(i, { kind })}
                options={BREAK_KINDS.map((k) => ({ value: k, label: t(`break.${k}`) }))}
              />
              <DateInput
                className="ra-wh-break__start"
                kind="datetime-local"
                aria-label={t('break.start')}
                value={b.start}
                onChange={(e) => updateBreak(i, { start: e.target.value })}
              />
              <DateInput
                className="ra-wh-break__end"
                kind="datetime-local"
                aria-label={t('break.end')}
                value={b.end}
                onChange={(e) => updateBreak(i, { end: e.target.value })}
              />
              <Checkbox
                className="ra-wh-break__paid"
                checked={b.paid}
                onChange={(e) => updateBreak(i, { paid: e.target.checked })}
              >
                {t('break.paid')}
              </Checkbox>
              <Button
                className="ra-wh-break__remove"
                aria-label={t('break.remove')}
                icon={<DeleteOutlined />}
                onClick={() => setBreaks((rows) => rows.filter((_, j) => j !== i))}
              />
            </div>
          ))}
          <Button
            icon={<PlusOutlined />}
            onClick={() => setBreaks((rows) => [...rows, { kind: 'meal', paid: false, start: inValue, end: inValue }])}
          >
            {t('break.add')}
          </Button>
          {errors.breaks && (
            <div className="ra-wh-error" role="alert">
              {errors.breaks}
            </div>
          )}
        </fieldset>
        <label className="ra-wh-field">
          <span>{t('form.tips')}</span>
          <NumberInput
            decimals={2}
            value={tips}
            onChange={setTips}
            className="ra-wh-number"
            aria-invalid={!!tipsProblem}
          />
          <NumberProblemText problem={tipsProblem} />
        </label>
        {settings.enableClockingOutWaitingTime && (
          <label className="ra-wh-field">
            <span>{t('form.waiting')}</span>
            <NumberInput
              value={waiting}
              onChange={setWaiting}
              className="ra-wh-number"
              aria-invalid={!!waitingProblem}
            />
            <NumberProblemText problem={waitingProblem} />
          </label>
        )}
        <label className="ra-wh-field">
          <span>
            {t('form.reason')} <span aria-hidden="true">*</span>
          </span>
          <Input.TextArea
            aria-label={t('form.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setErrors((err) => ({ ...err, reason: undefined }));
            }}
            placeholder={t('form.reasonPlaceholder')}
            maxLength={200}
            autoSize={{ minRows: 2, maxRows: 4 }}
            status={errors.reason ? 'error' : undefined}
            aria-required
            aria-invalid={!!errors.reason}
          />
          {errors.reason && (
            <span className="ra-wh-error" role="alert">
              {errors.reason}
            </span>
          )}
        </label>
        {signatureMode !== 'none' && (
          <>
            <SignatureField
              label={needsSignature ? t('form.signature') : t('form.signatureOptional')}
              hint={t('form.signatureHint')}
              handleRef={signature}
              onChange={onSigned}
            />
            {errors.signatureUrl && (
              <div className="ra-wh-error" role="alert">
                {errors.signatureUrl}
              </div>
            )}
          </>
        )}
        {shift?.editSignatureUrl && (
          <div className="ra-wh-gap">
            <Tag color="blue">{t('shift.signed')}</Tag>
            <img src={`${shift.editSignatureUrl}`} alt={t('shift.signed')} className="ra-wh-signature__image" />
          </div>
        )}
        <button type="submit" hidden />
      </form>
    </Drawer>
  );
}
