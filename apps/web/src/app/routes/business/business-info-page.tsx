import { Button, Result, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRestProfile } from '../../../features/business/api/profile.ts';
import { BankPanel } from '../../../features/business/components/bank-panel.tsx';
import { InfoForm } from '../../../features/business/components/info-form.tsx';
import { ServiceFees } from '../../../features/business/components/service-fees.tsx';
import '../../../features/business/components/business.css';
import { errorText } from '../../../lib/request.ts';

const TABS = ['info', 'bank', 'fees'] as const;

/** /businessInfo/index: who and where the restaurant is, where its money goes, and its service fees. */
export default function BusinessInfoPage() {
  const { t } = useTranslation('business');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'info';
  const profile = useRestProfile();
  const info = profile.isPending ? (
    <Skeleton active paragraph={{ rows: 8 }} />
  ) : profile.isError ? (
    <Result
      status="error"
      title={t('info.loadFailed')}
      subTitle={errorText(profile.error)}
      extra={<Button onClick={() => void profile.refetch()}>{t('actions.retry')}</Button>}
    />
  ) : (
    <InfoForm key={profile.dataUpdatedAt} profile={profile.data} />
  );
  return (
    <div className="ra-business__page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'info', label: t('tabs.info'), children: info },
          { key: 'bank', label: t('tabs.bank'), children: <BankPanel /> },
          { key: 'fees', label: t('tabs.fees'), children: <ServiceFees /> },
        ]}
      />
    </div>
  );
}
