import { Button, Result, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRestProfile } from '../../../features/business/api/profile.ts';
import { EffectiveHoursView } from '../../../features/business/components/effective-hours-view.tsx';
import { HoursEditor } from '../../../features/business/components/hours-editor.tsx';
import '../../../features/business/components/business.css';
import { errorText } from '../../../lib/request.ts';

/** /business/index (Business Hour): weekly hours, holidays and special hours, and the effective view. */
export default function BusinessHoursPage() {
  const { t } = useTranslation('business');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'effective' ? 'effective' : 'hours';
  const profile = useRestProfile();
  if (profile.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (profile.isError)
    return (
      <Result
        status="error"
        title={t('info.loadFailed')}
        subTitle={errorText(profile.error)}
        extra={<Button onClick={() => void profile.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  return (
    <div className="ra-business__page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          {
            key: 'hours',
            label: t('tabs.hours'),
            children: <HoursEditor key={profile.dataUpdatedAt} profile={profile.data} />,
          },
          { key: 'effective', label: t('tabs.effective'), children: <EffectiveHoursView /> },
        ]}
      />
    </div>
  );
}
