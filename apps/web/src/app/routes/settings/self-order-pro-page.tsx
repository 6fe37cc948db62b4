import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminConfigSwitches } from '../../../features/settings/components/admin-config.tsx';
import { SelfOrderSettings } from '../../../features/settings/components/settings-forms.tsx';
import '../../../features/settings/components/settings.css';

/** /Settings/SelforderPro (platform staff): the selected restaurant's system admin config and kiosk. */
export default function SelfOrderProPage() {
  const { t } = useTranslation('settings');
  return (
    <div className="ra-settings__page">
      <Card size="small" title={t('pro.title')}>
        <Typography.Paragraph type="secondary">{t('pro.intro')}</Typography.Paragraph>
        <AdminConfigSwitches />
      </Card>
      <SelfOrderSettings />
    </div>
  );
}
