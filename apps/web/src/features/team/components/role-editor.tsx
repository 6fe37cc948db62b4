import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Result, Skeleton, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyRoleFlags, type TRoleFlags } from '@ra/shared/permissions';
import { flagsBeyond, isOwnerRole } from '@ra/shared/team/team.authority';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { normaliseRoleFlags, type TRole } from '@ra/shared/team/team.schemas';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { sameValues, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useMyFlags } from '../my-flags.ts';
import { grantableFlags } from '../owner-grant.ts';
import { useRoles } from '../api/get-roles.ts';
import { useSaveRole } from '../api/save-role.ts';
import { roleNameProblem } from '../form-rules.ts';
import { serverFieldErrors, teamErrorText, translateTeamMessage } from '../team-messages.ts';
import { RoleFlagsEditor } from './role-flags-editor.tsx';
import './team.css';

interface TRoleFormValues {
  name: string;
}

/**
 * The role editor (/teamManagement/addJob, editJob?id=, JobMobile): the role's name, unique within the
 * restaurant (the server says so under the field), and its flags. `roleId` null creates a role.
 */
export function RoleEditor({
  roleId,
  mobile = false,
  onDone,
}: {
  roleId: number | null;
  mobile?: boolean;
  /** After a save: the saved role, or null when nothing was saved (Cancel, after confirming). */
  onDone: (saved: TRole | null) => void;
}) {
  const { t } = useTranslation('team');
  const roles = useRoles();
  if (roleId === null) return <RoleForm role={null} mobile={mobile} onDone={onDone} />;
  if (roles.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (roles.isError) {
    return (
      <Result
        status="error"
        title={t('roles.loadFailed')}
        subTitle={teamErrorText(roles.error)}
        extra={<Button onClick={() => void roles.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  const role = roles.data.roles.find((r) => r.id === roleId);
  if (!role) {
    return (
      <Result
        status="404"
        title={t('role.notFound')}
        extra={<Button onClick={() => onDone(null)}>{t('actions.back')}</Button>}
      />
    );
  }
  return <RoleForm key={role.id} role={role} mobile={mobile} onDone={onDone} />;
}

function RoleForm({
  role,
  mobile,
  onDone,
}: {
  role: TRole | null;
  mobile: boolean;
  onDone: (saved: TRole | null) => void;
}) {
  const { t } = useTranslation('team');
  const [form] = Form.useForm<TRoleFormValues>();
  const [savedFlags] = useState<TRoleFlags>(() => (role ? normaliseRoleFlags(role.flags) : emptyRoleFlags()));
  const [flags, setFlags] = useState<TRoleFlags>(savedFlags);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveRole();
  const name = Form.useWatch('name', form) ?? role?.name ?? '';
  const guard = useUnsavedChanges(name.trim() !== (role?.name ?? '') || !sameValues(flags, savedFlags));
  const myFlags = useMyFlags();
  const roles = useRoles();
  // the server refuses these too (team.authority.ts); the editor says so up front
  const ownerRole = role !== null && isOwnerRole(role.flags);
  const outranked = role !== null && myFlags !== null && flagsBeyond(myFlags, role.flags).length > 0;
  const lockedFlags = ownerRole || outranked;

  useEffect(() => {
    form.setFieldsValue({ name: role?.name ?? '' });
  }, [form, role]);

  async function submit(values: TRoleFormValues): Promise<void> {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: role?.id, name: values.name.trim(), flags });
      showSuccessMessage(translateTeamMessage(TEAM_MESSAGES['team.roleSaved'].en));
      guard.release();
      onDone(saved);
    } catch (error) {
      const fields = serverFieldErrors(error, ['name']);
      if (fields.name) form.setFields([{ name: 'name', errors: [fields.name] }]);
      else setFailure(teamErrorText(error));
    }
  }

  return (
    <div className={mobile ? 'ra-role-editor ra-team--mobile' : 'ra-role-editor'}>
      <p className="ra-role-editor__intro">{t('role.intro')}</p>
      {ownerRole && (
        <Alert type="info" showIcon title={t('role.ownerLocked')} style={{ marginBottom: 16 }} data-owner-role />
      )}
      {outranked && !ownerRole && (
        <Alert
          type="warning"
          showIcon
          title={translateTeamMessage(TEAM_MESSAGES['team.roleOutranks'].en)}
          style={{ marginBottom: 16 }}
        />
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<TRoleFormValues>
        form={form}
        layout="vertical"
        initialValues={{ name: role?.name ?? '' }}
        onFinish={(values) => void submit(values)}
        disabled={save.isPending}
        requiredMark
      >
        <Form.Item
          className="ra-role-editor__name"
          name="name"
          label={t('field.roleName')}
          required
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_, value: unknown) => {
                const problem = roleNameProblem(value);
                if (problem) throw new Error(translateTeamMessage(problem));
              },
            },
          ]}
        >
          <Input placeholder={t('field.roleNamePlaceholder')} maxLength={60} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('field.permissions')}>
          <RoleFlagsEditor
            value={flags}
            onChange={setFlags}
            disabled={save.isPending || lockedFlags}
            grantable={grantableFlags(myFlags, roles.data?.mayGrantFullAccess)}
          />
        </Form.Item>
        <div className="ra-role-editor__actions">
          <Tooltip title={outranked ? translateTeamMessage(TEAM_MESSAGES['team.roleOutranks'].en) : undefined}>
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={outranked}>
              {t('actions.save')}
            </Button>
          </Tooltip>
          <Button onClick={() => guard.confirmDiscard(() => onDone(null))} disabled={false}>
            {t('actions.cancel')}
          </Button>
        </div>
      </Form>
      <UnsavedChangesPrompt guard={guard} />
    </div>
  );
}
