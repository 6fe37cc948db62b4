import { useState } from 'react';
import { Alert, Button, Empty, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import type { TRole } from '@ra/shared/team/team.schemas';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { useDeleteRole } from '../api/delete-role.ts';
import { useRoles } from '../api/get-roles.ts';
import { countGranted, GRANULAR_FLAGS } from '../role-flags.ts';
import { teamErrorText, translateTeamMessage } from '../team-messages.ts';
import { RoleHistoryDrawer } from './role-history-drawer.tsx';
import './team.css';

/** The roles tab: name, member count, permissions granted; edit, delete (SPEC 6 confirmation), history. */
export function RoleList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (id: number) => void }) {
  const { t } = useTranslation('team');
  const roles = useRoles();
  const remove = useDeleteRole();
  const [historyOf, setHistoryOf] = useState<TRole | null>(null);

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
        scroll={{ x: 640 }}
        locale={{ emptyText: roles.isPending ? ' ' : <Empty description={t('roles.empty')} /> }}
        columns={[
          {
            title: t('field.roleName'),
            dataIndex: 'name',
            render: (name: string, role) => (
              <a className="ra-team__name" onClick={() => onEdit(role.id)}>
                {name}
              </a>
            ),
          },
          {
            title: t('field.memberCount'),
            dataIndex: 'memberCount',
            width: 120,
            render: (count: number) => t('roles.members', { count }),
          },
          {
            title: t('field.permissions'),
            key: 'permissions',
            render: (_, role) =>
              role.flags.fullAccess ? (
                <Tag color="gold">{t('roles.permissionsAll')}</Tag>
              ) : (
                t('roles.permissionsCount', { count: countGranted(role.flags), total: GRANULAR_FLAGS.length })
              ),
          },
          {
            title: t('field.actions'),
            key: 'actions',
            width: 240,
            render: (_, role) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => onEdit(role.id)}>
                  {t('actions.edit')}
                </Button>
                <Popconfirm
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
                  <Tooltip title={role.memberCount > 0 ? t('roles.deleteBlocked') : undefined}>
                    <Button type="link" size="small" danger>
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
