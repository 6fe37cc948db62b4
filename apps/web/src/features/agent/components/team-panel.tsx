import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, List, Modal, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES, ZInviteMemberRequest, type TTeamMember } from '@ra/shared/agent/agent.schemas';
import { useAgentMe } from '../api/get-agent-me.ts';
import { useTeam } from '../api/get-team.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { errorText, isApiError } from '../../../lib/request.ts';
import { translateServerMessage } from '../../../lib/server-message.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatInstant } from '../agent-format.ts';
import { teamActions } from '../team-actions.ts';
import { RestaurantPicker, type TPicked } from './restaurant-picker.tsx';
import { validFormValues } from '../../../lib/form-values.ts';

/** Team members: invite by email, team role, deactivate (with confirmation; their sessions end). */
export function TeamPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useTranslation('agent');
  const team = useTeam();
  // only what the server accepts (team-actions.ts): nothing beside yourself, platform staff or anyone above you
  const me = useAgentMe();
  const invite = useInviteMember();
  const update = useUpdateMember();
  const [assigning, setAssigning] = useState<TTeamMember | null>(null);
  const [picked, setPicked] = useState<TPicked[]>([]);
  const saveAssignment = async () => {
    if (!assigning) return;
    try {
      await update.mutateAsync({ xid: assigning.xid, restaurantXids: picked.map((p) => p.value) });
      showSuccessMessage(t('team.assignedDone', { name: assigning.name, count: picked.length }));
      setAssigning(null);
    } catch (e) {
      showErrorMessage(errorText(e));
    }
  };
  const [form] = Form.useForm<{ firstName: string; lastName: string; email: string; teamRole: 'admin' | 'member' }>();
  const rule = (field: 'firstName' | 'lastName' | 'email') => ({
    validator: async (_: unknown, value: unknown) => {
      const parsed = ZInviteMemberRequest.shape[field].safeParse(value ?? '');
      if (!parsed.success)
        throw new Error(translateServerMessage(parsed.error.issues[0]?.message ?? '', currentLanguage()));
    },
  });

  const submit = async () => {
    const values = await validFormValues(form);
    if (!values) return;
    try {
      await invite.mutateAsync(values);
      showSuccessMessage(t('team.invited', { email: values.email }));
      form.resetFields();
    } catch (e) {
      if (isApiError(e) && e.errors?.email)
        form.setFields([{ name: 'email', errors: [translateServerMessage(e.errors.email, currentLanguage())] }]);
      else showErrorMessage(errorText(e));
    }
  };

  const deactivate = (m: TTeamMember) =>
    Modal.confirm({
      title: t('team.deactivateTitle', { name: m.name }),
      content: t('team.deactivateBody'),
      okText: t('team.deactivate'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        update.mutateAsync({ xid: m.xid, status: 'inactive' }).catch((e: unknown) => showErrorMessage(errorText(e))),
    });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {isAdmin && (
        <Card size="small" title={t('team.invite')}>
          <Form form={form} layout="vertical" initialValues={{ teamRole: 'member' }}>
            <Space wrap align="start">
              <Form.Item name="firstName" label={t('team.firstName')} rules={[rule('firstName')]}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="lastName" label={t('team.lastName')} rules={[rule('lastName')]}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="email" label={t('team.email')} rules={[rule('email')]}>
                <Input type="email" autoComplete="off" />
              </Form.Item>
              <Form.Item name="teamRole" label={t('team.role')}>
                <Select
                  style={{ width: 140 }}
                  options={TEAM_ROLES.map((r) => ({ value: r, label: t(`teamRole.${r}`) }))}
                />
              </Form.Item>
            </Space>
            <Button type="primary" onClick={() => void submit()} loading={invite.isPending}>
              {t('team.sendInvite')}
            </Button>
          </Form>
        </Card>
      )}
      {team.isError && <Alert type="error" showIcon message={errorText(team.error)} />}
      <List<TTeamMember>
        loading={team.isLoading}
        dataSource={team.data?.items ?? []}
        locale={{ emptyText: <Empty description={t('team.none')} /> }}
        renderItem={(m) => (
          <List.Item
            key={m.xid}
            actions={
              isAdmin
                ? [
                    ...(teamActions(me.data, m).assign
                      ? [
                          <Button
                            key="assign"
                            size="small"
                            onClick={() => {
                              setAssigning(m);
                              setPicked(m.restaurants.map((r) => ({ value: r.xid, label: r.name })));
                            }}
                          >
                            {t('team.assign')}
                            <span className="ra-sr-only"> {m.name}</span>
                          </Button>,
                        ]
                      : []),
                    ...(teamActions(me.data, m).deactivate
                      ? [
                          <Button key="off" size="small" danger onClick={() => deactivate(m)}>
                            {t('team.deactivate')}
                            <span className="ra-sr-only"> {m.name}</span>
                          </Button>,
                        ]
                      : []),
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space wrap>
                  <span>{m.name}</span>
                  <Tag>{t(`teamRole.${m.teamRole}`)}</Tag>
                  <Tag color={m.status === 'active' ? 'success' : m.status === 'invited' ? 'processing' : 'default'}>
                    {t(`memberStatus.${m.status}`)}
                  </Tag>
                </Space>
              }
              description={
                <Space direction="vertical" size={0}>
                  <Typography.Text type="secondary">{m.email}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('team.lastSignIn', { when: formatInstant(m.lastSignInAt, i18n.language) })}
                  </Typography.Text>
                  {m.inviteExpiresAt && (
                    <Typography.Text type="secondary">
                      {t('team.inviteExpires', { when: formatInstant(m.inviteExpiresAt, i18n.language) })}
                    </Typography.Text>
                  )}
                  {m.restaurants.length > 0 && (
                    <Typography.Text>
                      {t('team.assigned', { names: m.restaurants.map((r) => r.name).join(', ') })}
                    </Typography.Text>
                  )}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <Modal
        open={assigning !== null}
        title={assigning ? t('team.assignTitle', { name: assigning.name }) : ''}
        okText={t('portfolio.save')}
        okButtonProps={{ loading: update.isPending }}
        cancelText={t('common.cancel')}
        onOk={() => void saveAssignment()}
        onCancel={() => setAssigning(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('team.assignHelp')}</Typography.Paragraph>
        <RestaurantPicker multiple ariaLabel={t('team.assignLabel')} value={picked} onChange={setPicked} />
      </Modal>
    </Space>
  );
}
