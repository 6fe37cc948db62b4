import { useState } from 'react';
import { Alert, Button, Empty, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { flagsBeyond, isOwnerRole, ownerRoleDeletable } from '@ra/shared/team/team.authority';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import type { TRole } from '@ra/shared/team/team.schemas';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { useApp } from '../../../stores/app.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { useRoles } from '../api/get-roles.ts';
import { useMyFlags } from '../my-flags.ts';
import { countGranted, GRANULAR_FLAGS } from '../role-flags.ts';
import { roleTagLabel } from '../role-tags.ts';
import { countText } from '../team-counts.ts';
import { teamErrorText, translateTeamMessage } from '../team-messages.ts';
import { RoleHistoryDrawer } from './role-history-drawer.tsx';
import './team.css';

/**
 * The roles tab: name, member count, permissions granted; edit, delete (SPEC 6 confirmation), history.
 * At phone width the count and permissions sit under the name, so the actions stay on screen.
 */
export function RoleList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (id: number) => void }) {
  const { t, i18n } = useTranslation('team');
  const roles = useRoles();
  const remove = useDeleteRole();
  const [historyOf, setHistoryOf] = useState<TRole | null>(null);
  const mobile = useApp((s) => s.device === 'mobile');
  const myFlags = useMyFlags();
  const all = roles.data?.roles ?? [];
  // the server refuses these too (team.authority.ts); the buttons say why up front
  const deleteBlocked = (role: TRole): string | undefined => {
    if (myFlags && flagsBeyond(myFlags, role.flags).length > 0)
      return translateTeamMessage(TEAM_MESSAGES['team.roleOutranks'].en);
    if (
      !ownerRoleDeletable(
        role.flags,
        all.map((r) => r.flags),
      )
    )
      return t('roles.deleteOwnerBlocked');
    return undefined;
  };
  const members = (count: number) => countText(t, 'roles.members', count, i18n.language);
  const permissions = (role: TRole) =>
    role.flags.fullAccess ? (
      <Tag color="gold">{t('roles.permissionsAll')}</Tag>
    ) : (
      t('roles.permissionsCount', { count: countGranted(role.flags), total: GRANULAR_FLAGS.length })
    );

  async function deleteRole(role: TRole): Promise<void> {
    try {
      await remove.mutateAsync(role.id);
      showSuccessMessage(translateTeamMessage(TEAM_MESSAGES['team.roleDeleted'].en));
    } catch (error) {
      showErrorMessage(teamErrorText(error));
    }
  }

  if (roles.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('roles.loadFailed')}
        description={teamErrorText(roles.error)}
        action={<Button onClick={() => void roles.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }

  return (
    <>
      <div className="ra-team__toolbar">
        <Button className="ra-team__toolbar-end" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('actions.addRole')}
        </Button>
      </div>
      <Table<TRole>
        rowKey="id"
        loading={roles.isPending}
        dataSource={roles.data?.roles ?? []}
        pagination={false}
        scroll={mobile ? undefined : { x: 640 }}
        locale={{ emptyText: roles.isPending ? ' ' : <Empty description={t('roles.empty')} /> }}
        columns={[
          {
            title: t('field.roleName'),
            dataIndex: 'name',
            render: (name: string, role) => (
              <div>
                <a className="ra-team__name" onClick={() => onEdit(role.id)}>
                  {roleTagLabel(t, name)}
                </a>
                {isOwnerRole(role.flags) && (
                  <Tag color="gold" style={{ marginInlineStart: 8 }}>
                    {t('roles.ownerRole')}
                  </Tag>
                )}
                {mobile && (
                  <div className="ra-team__sub">
                    {members(role.memberCount)} ·{' '}
                    {role.flags.fullAccess
                      ? t('roles.permissionsAll')
                      : t('roles.permissionsCount', { count: countGranted(role.flags), total: GRANULAR_FLAGS.length })}
                  </div>
                )}
              </div>
            ),
          },
          ...(mobile
            ? []
            : [
                {
                  title: t('field.memberCount'),
                  dataIndex: 'memberCount',
                  width: 120,
                  render: (count: number) => members(count),
                },
                {
                  title: t('field.permissions'),
                  key: 'permissions',
                  render: (_: unknown, role: TRole) => permissions(role),
                },
              ]),
          {
            title: t('field.actions'),
            key: 'actions',
            width: mobile ? 120 : 240,
            render: (_, role) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => onEdit(role.id)}>
                  {t('actions.edit')}
                </Button>
                <Popconfirm
                  disabled={deleteBlocked(role) !== undefined}
                  title={translateTeamMessage(TEAM_MESSAGES['team.deleteRoleConfirm'].en)}
                  description={
                    role.memberCount > 0
                      ? translateTeamMessage(
                          TEAM_MESSAGES['team.roleHasMembers'].en.replace('{count}', String(role.memberCount)),
                        )
                      : undefined
                  }
                  okText={t('actions.delete')}
                  cancelText={t('actions.cancel')}
                  okButtonProps={{ danger: true, loading: remove.isPending && remove.variables === role.id }}
                  onConfirm={() => deleteRole(role)}
                >
                  <Tooltip title={deleteBlocked(role) ?? (role.memberCount > 0 ? t('roles.deleteBlocked') : undefined)}>
                    <Button type="link" size="small" danger disabled={deleteBlocked(role) !== undefined}>
                      {t('actions.delete')}
                    </Button>
                  </Tooltip>
                </Popconfirm>
                <Button type="link" size="small" onClick={() => setHistoryOf(role)}>
                  {t('actions.history')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <RoleHistoryDrawer role={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
