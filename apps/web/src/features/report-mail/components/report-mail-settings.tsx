import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Checkbox, Modal, Select, Skeleton, Space, Switch, Typography } from 'antd';
import type { TReportMailFrequency, TReportMailSubscription } from '@ra/shared/report-mail/report-mail.schemas';
import { formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { errorText } from '../../../lib/request.ts';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import {
  useReportMailPreview,
  useReportMailSettings,
  useSendReportNow,
  useUpdateReportMail,
} from '../api/report-mail.ts';
import './report-mail.css';

type TLang = 'en' | 'zh';

function FrequencyCard({
  sub,
  timeZone,
  onPreview,
}: {
  sub: TReportMailSubscription;
  timeZone: string | null;
  onPreview: (frequency: TReportMailFrequency, lang: TLang) => void;
}) {
  const { t, i18n } = useTranslation('report-mail');
  const uiLang = toDisplayLanguage(i18n.language) as TLang;
  const update = useUpdateReportMail();
  const sendNow = useSendReportNow();
  const lang: TLang = sub.subscribed ? sub.language : uiLang;
  const save = (changes: Partial<{ subscribed: boolean; language: TLang; includeXlsx: boolean }>) =>
    update.mutate(
      {
        frequency: sub.frequency,
        subscribed: changes.subscribed ?? sub.subscribed,
        language: changes.language ?? lang,
        includeXlsx: changes.includeXlsx ?? sub.includeXlsx,
      },
      {
        onSuccess: () => showSuccessMessage(t('saved')),
        onError: (e) => showErrorMessage(errorText(e)),
      },
    );
  const confirmUnsubscribe = () =>
    Modal.confirm({
      title: t('unsubscribeConfirm.title', { frequency: t(`frequency.${sub.frequency}`) }),
      content: t('unsubscribeConfirm.body'),
      okText: t('unsubscribeConfirm.ok'),
      cancelText: t('cancel'),
      onOk: () => save({ subscribed: false }),
    });
  return (
    <Card
      className="ra-report-mail__card"
      data-testid={`report-mail-${sub.frequency}`}
      title={t(`frequency.${sub.frequency}`)}
      extra={
        <Switch
          checked={sub.subscribed}
          loading={update.isPending}
          disabled={!timeZone}
          aria-label={t('subscribe', { frequency: t(`frequency.${sub.frequency}`) })}
          onChange={(on) => (on ? save({ subscribed: true }) : confirmUnsubscribe())}
        />
      }
    >
      <p className="ra-report-mail__when">{t(`when.${sub.frequency}`)}</p>
      {sub.subscribed && sub.nextSendAt && timeZone && (
        <p className="ra-report-mail__next" data-testid={`report-mail-next-${sub.frequency}`}>
          {t('next', {
            at: formatDateTime(sub.nextSendAt, uiLang, timeZone),
            from: sub.nextPeriod?.from,
            to: sub.nextPeriod?.to,
          })}
        </p>
      )}
      <Space wrap size={[16, 8]} className="ra-report-mail__options">
        <label className="ra-report-mail__field">
          <span>{t('language')}</span>
          <Select<TLang>
            value={lang}
            style={{ width: 120 }}
            disabled={!sub.subscribed}
            onChange={(value) => save({ language: value })}
            options={[
              { value: 'en', label: 'English' },
              { value: 'zh', label: '中文' },
            ]}
          />
        </label>
        <Checkbox
          checked={sub.includeXlsx}
          disabled={!sub.subscribed}
          onChange={(e) => save({ includeXlsx: e.target.checked })}
        >
          {t('includeXlsx')}
        </Checkbox>
      </Space>
      <Space wrap className="ra-report-mail__actions">
        <Button onClick={() => onPreview(sub.frequency, lang)} disabled={!timeZone}>
          {t('preview')}
        </Button>
        <Button
          loading={sendNow.isPending}
          disabled={!timeZone}
          onClick={() =>
            sendNow.mutate(
              { frequency: sub.frequency, lang, includeXlsx: sub.includeXlsx },
              {
                onSuccess: (r) => showSuccessMessage(t('sentTo', { email: r.to })),
                onError: (e) => showErrorMessage(errorText(e)),
              },
            )
          }
        >
          {t('sendNow')}
        </Button>
      </Space>
    </Card>
  );
}

/** Reports by email: the signed-in person's daily, weekly and monthly emails of this restaurant. */
export function ReportMailSettings() {
  const { t } = useTranslation('report-mail');
  const settings = useReportMailSettings();
  const [preview, setPreview] = useState<{ frequency: TReportMailFrequency; lang: TLang } | null>(null);
  const shown = useReportMailPreview(preview?.frequency ?? null, preview?.lang ?? 'en');

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (settings.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={t('loadError')}
        description={errorText(settings.error)}
        action={<Button onClick={() => void settings.refetch()}>{t('retry')}</Button>}
      />
    );
  const data = settings.data;
  return (
    <div className="ra-report-mail">
      <Typography.Title level={3} className="ra-report-mail__title">
        {t('title')}
      </Typography.Title>
      <p className="ra-report-mail__intro">{t('intro', { email: data.email, restaurant: data.restaurant })}</p>
      {!data.timeZone && <Alert type="warning" showIcon message={t('noTimeZone')} className="ra-report-mail__alert" />}
      <div className="ra-report-mail__grid">
        {data.subscriptions.map((sub) => (
          <FrequencyCard
            key={sub.frequency}
            sub={sub}
            timeZone={data.timeZone}
            onPreview={(frequency, lang) => setPreview({ frequency, lang })}
          />
        ))}
      </div>
      <Modal
        open={preview !== null}
        title={shown.data?.subject ?? t('preview')}
        onCancel={() => setPreview(null)}
        footer={<Button onClick={() => setPreview(null)}>{t('close')}</Button>}
        width={620}
        destroyOnHidden
      >
        {shown.isPending && <Skeleton active />}
        {shown.isError && <Alert type="error" showIcon message={errorText(shown.error)} />}
        {shown.data && (
          <iframe
            title={t('preview')}
            className="ra-report-mail__preview"
            sandbox=""
            srcDoc={shown.data.html}
            data-testid="report-mail-preview"
          />
        )}
      </Modal>
    </div>
  );
}
