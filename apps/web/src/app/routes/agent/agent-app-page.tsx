import { Alert, Button, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AGENT_MESSAGES } from '@ra/shared/agent/agent.messages';
import { businessDayOf } from '@ra/shared/business-day/business-day';
import { useChooseRestaurant } from '../../../features/auth/hooks/use-choose-restaurant.ts';
import { logout } from '../../../features/auth/session-actions.ts';
import { useAgentMe } from '../../../features/agent/api/get-agent-me.ts';
import { AGENT_TIME_ZONE } from '@ra/shared/agent/pay-periods';
import { tabFromSearch, type TAgentTab } from '../../../features/agent/agent-format.ts';
import { PortfolioPanel } from '../../../features/agent/components/portfolio-panel.tsx';
import { ApplicationsPanel } from '../../../features/agent/components/applications-panel.tsx';
import { NotificationsPanel } from '../../../features/agent/components/notifications-panel.tsx';
import { PaychecksPanel } from '../../../features/agent/components/paychecks-panel.tsx';
import { TeamPanel } from '../../../features/agent/components/team-panel.tsx';
import { ComparisonPanel } from '../../../features/insight/components/comparison-panel.tsx';
import { SmsReviewsLabel, SmsReviewsPanel } from '../../../features/customers/components/sms-reviews-panel.tsx';
import { errorText, isApiError } from '../../../lib/request.ts';
import { LanguageSwitch } from '../../../components/layout/language-switch.tsx';
import { AuthCard } from '../auth/auth-card.tsx';

/**
 * SPEC 2 /AgentApp: the agent's home (leaf logins never get here: the guard sends them to /). The
 * portfolio with its dashboard, applications to review, the notification center, paychecks and the
 * team, one tab each, the open tab kept in the URL. "Manage" switches into a restaurant's dashboard
 * through swtichRestByXid; the top bar's "back to management page" comes back.
 */
export default function AgentAppPage() {
  const { t } = useTranslation('agent');
  const [search, setSearch] = useSearchParams();
  const tab = tabFromSearch(search);
  const me = useAgentMe();
  const { busyXid, choose } = useChooseRestaurant('/dashboard');
  const isAdmin = me.data?.teamRole === 'admin';
  const navigate = useNavigate();
  // "Back to management page" comes here; someone who is no agent (platform staff) goes on to the tree.
  const notAgent = me.isError && isApiError(me.error) && me.error.message === AGENT_MESSAGES['agent.notAgent'].en;
  useEffect(() => {
    if (notAgent) navigate('/selectNodeAndRest', { replace: true });
  }, [notAgent, navigate]);
  const today = businessDayOf(new Date(), AGENT_TIME_ZONE, 0);
  const referral = me.data ? `${window.location.origin}/apply?ref=${me.data.referralCode}` : '';

  const items = [
    {
      key: 'portfolio',
      label: t('tabs.portfolio'),
      children: (
        <PortfolioPanel
          isAdmin={isAdmin}
          busyXid={busyXid}
          onManage={(xid) => void choose({ xid, properties: { type: 'restaurant' }, isLeaf: true, hasChildren: false })}
        />
      ),
    },
    {
      key: 'compare',
      label: t('insight:tab'),
      children: (
        <ComparisonPanel
          onOpen={(xid) => void choose({ xid, properties: { type: 'restaurant' }, isLeaf: true, hasChildren: false })}
        />
      ),
    },
    ...(isAdmin ? [{ key: 'applications', label: t('tabs.applications'), children: <ApplicationsPanel /> }] : []),
    { key: 'notifications', label: t('tabs.notifications'), children: <NotificationsPanel /> },
    { key: 'paychecks', label: t('tabs.paychecks'), children: <PaychecksPanel today={today} isAdmin={isAdmin} /> },
    { key: 'team', label: t('tabs.team'), children: <TeamPanel isAdmin={isAdmin} /> },
    { key: 'smsReviews', label: <SmsReviewsLabel />, children: <SmsReviewsPanel /> },
  ];

  return (
    <AuthCard
      wide
      workspace
      title={me.data ? t('title', { name: me.data.nodeName }) : t('titlePlain')}
      subtitle={me.data ? t('subtitle', { name: me.data.name, role: t(`teamRole.${me.data.teamRole}`) }) : undefined}
      extra={
        <Space wrap>
          {/* the top bar's own switch (antd): the sign-in pages' plain buttons are styled only there */}
          <LanguageSwitch />
          <Button type="link" onClick={() => navigate('/selectNodeAndRest')}>
            {t('restaurantTree')}
          </Button>
          <Button type="link" onClick={() => void logout()}>
            {t('signOut')}
          </Button>
        </Space>
      }
    >
      {me.isError && !notAgent && <Alert type="error" showIcon message={errorText(me.error)} />}
      {isAdmin && referral && (
        <Typography.Paragraph type="secondary" copyable={{ text: referral }}>
          {t('referral')}: {referral}
        </Typography.Paragraph>
      )}
      <Tabs
        activeKey={items.some((i) => i.key === tab) ? tab : 'portfolio'}
        onChange={(key) => setSearch({ tab: key as TAgentTab }, { replace: true })}
        items={items}
        destroyOnHidden
      />
    </AuthCard>
  );
}
