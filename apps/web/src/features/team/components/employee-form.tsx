import { useState } from 'react';
import { Alert, Button, Form, Input, Radio, Result, Select, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import { EMPLOYEE_STATUSES, type TEmployee } from '@ra/shared/team/team.schemas';
import { PIN_MAX_LENGTH } from '@ra/shared/validation/rules';
import { UnsavedChangesPrompt } from '../../../components/unsaved-changes-prompt.tsx';
import { showSuccessMessage } from '../../../lib/feedback.ts';
import { isApiError } from '../../../lib/request.ts';
import { sameValues, useUnsavedChanges } from '../../../lib/unsaved-changes.ts';
import { useCreateEmployee } from '../api/create-employee.ts';
import { useEmployee } from '../api/get-employee.ts';
import { useRoles } from '../api/get-roles.ts';
import { useUpdateEmployee } from '../api/update-employee.ts';
import { roleOffered } from '../owner-grant.ts';
import {
  EMPLOYEE_FIELDS,
  employeeFieldProblem,
  formValuesOf,
  toCreateRequest,
  toUpdateRequest,
  type TEmployeeField,
  type TEmployeeFormMode,
  type TEmployeeFormValues,
} from '../form-rules.ts';
import { serverFieldErrors, teamErrorText, translateTeamMessage } from '../team-messages.ts';
import './team.css';

/**
 * Add or edit an employee (SPEC 3 "User / employee"): names, employee number, email (SPEC 5 rule),
 * roles, POS PIN (digits, unique at the restaurant), dashboard password and status. Used in the
 * drawer of the team page and on the phone page /teamManagement/userMobile.
 */
export function EmployeeForm({
  employeeId,
  onDone,
  onCancel,
  mobile = false,
}: {
  employeeId: number | null;
  onDone: (employee: TEmployee) => void;
  onCancel: () => void;
  mobile?: boolean;
}) {
  const { t } = useTranslation('team');
  const employee = useEmployee(employeeId);
  if (employeeId === null)
    return <EmployeeFields employee={null} onDone={onDone} onCancel={onCancel} mobile={mobile} />;
  if (employee.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (employee.isError) {
    const missing = isApiError(employee.error) && employee.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('employee.notFound') : t('employee.loadFailed')}
        subTitle={missing ? undefined : teamErrorText(employee.error)}
        extra={
          missing ? (
            <Button onClick={onCancel}>{t('actions.back')}</Button>
          ) : (
            <Button onClick={() => void employee.refetch()}>{t('actions.retry')}</Button>
          )
        }
      />
    );
  }
  return (
    <EmployeeFields
      key={employee.data.id}
      employee={employee.data}
      onDone={onDone}
      onCancel={onCancel}
      mobile={mobile}
    />
  );
}

/** Form values as compared for "unsaved": blank text and a missing field are the same. */
function normalised(values: Partial<TEmployeeFormValues>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || undefined : value]),
  );
}

function EmployeeFields({
  employee,
  onDone,
  onCancel,
  mobile,
}: {
  employee: TEmployee | null;
  onDone: (employee: TEmployee) => void;
  onCancel: () => void;
  mobile: boolean;
}) {
  const { t } = useTranslation('team');
  const [form] = Form.useForm<TEmployeeFormValues>();
  const mode: TEmployeeFormMode = employee ? 'edit' : 'create';
  const roles = useRoles();
  const heldIds = new Set((employee?.roles ?? []).map((r) => r.id));
  const heldRoles = (roles.data?.roles ?? []).filter((r) => heldIds.has(r.id));
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const saving = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const [initialValues] = useState<Partial<TEmployeeFormValues>>(() =>
    employee ? formValuesOf(employee) : { status: 'active', roleIds: [], pin: '', password: '' },
  );
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);

  // each field checked by the shared schema the server uses, with its words in the user's language
  const rule = (field: TEmployeeField): Rule => ({
    validator: async () => {
      const problem = employeeFieldProblem(field, form.getFieldsValue(true) as TEmployeeFormValues, mode);
      if (problem) throw new Error(translateTeamMessage(problem));
    },
  });

  async function submit(values: TEmployeeFormValues): Promise<void> {
    setFailure(null);
    try {
      const saved = employee
        ? await update.mutateAsync({ id: employee.id, ...toUpdateRequest(values, employee) })
        : await create.mutateAsync(toCreateRequest(values));
      showSuccessMessage(translateTeamMessage(TEAM_MESSAGES['team.employeeSaved'].en));
      guard.release();
      onDone(saved);
    } catch (error) {
      const fields = serverFieldErrors(error, EMPLOYEE_FIELDS);
      const entries = Object.entries(fields);
      if (entries.length)
        form.setFields(entries.map(([name, message]) => ({ name: name as TEmployeeField, errors: [message] })));
      else setFailure(teamErrorText(error));
    }
  }

  const half = mobile ? undefined : { flex: 1, minWidth: 0 };

  return (
    <Form<TEmployeeFormValues>
      form={form}
      layout="vertical"
      className={mobile ? 'ra-team--mobile' : undefined}
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      disabled={saving}
      validateTrigger="onBlur"
      onValuesChange={(changed: Partial<TEmployeeFormValues>) => {
        setDirty(!sameValues(normalised(form.getFieldsValue(true)), normalised(initialValues)));
        // a new email changes what "not your email" means for the password
        if ('email' in changed && form.getFieldValue('password')) void form.validateFields(['password']);
      }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <div style={mobile ? undefined : { display: 'flex', gap: 16 }}>
        <Form.Item name="firstName" label={t('field.firstName')} required rules={[rule('firstName')]} style={half}>
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
        <Form.Item name="lastName" label={t('field.lastName')} required rules={[rule('lastName')]} style={half}>
          <Input autoComplete="off" maxLength={60} />
        </Form.Item>
      </div>
      <Form.Item
        name="employeeNumber"
        label={t('field.employeeNumber')}
        extra={t('field.employeeNumberHelp')}
        rules={[rule('employeeNumber')]}
      >
        <Input autoComplete="off" maxLength={30} />
      </Form.Item>
      <Form.Item name="email" label={t('field.email')} required rules={[rule('email')]}>
        {/* type="text": the browser's own email check would block the form with its own wording */}
        <Input inputMode="email" autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="roleIds" label={t('field.roles')} required rules={[rule('roleIds')]} validateTrigger="onChange">
        <Select
          mode="multiple"
          placeholder={t('field.rolesPlaceholder')}
          loading={roles.isPending}
          options={(roles.data?.roles ?? []).map((r) => ({
            value: r.id,
            label: r.name,
            // the server refuses giving the Owner role or full access here (owner-grant.ts)
            disabled: !roleOffered(r, roles.data?.mayGrantFullAccess, heldRoles),
          }))}
          optionFilterProp="label"
          status={roles.isError ? 'error' : undefined}
          notFoundContent={roles.isError ? teamErrorText(roles.error) : undefined}
        />
      </Form.Item>
      <Form.Item
        name="pin"
        label={t('field.pin')}
        required={mode === 'create'}
        extra={mode === 'create' ? t('field.pinHelpCreate') : t('field.pinHelpEdit')}
        rules={[rule('pin')]}
      >
        <Input.Password
          inputMode="numeric"
          autoComplete="off"
          maxLength={PIN_MAX_LENGTH}
          placeholder={mode === 'edit' && employee?.hasPin ? '••••' : undefined}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('field.password')}
        extra={mode === 'create' ? t('field.passwordHelpCreate') : t('field.passwordHelpEdit')}
        rules={[rule('password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="status" label={t('field.status')}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </Form.Item>
      <div className="ra-role-editor__actions">
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => guard.confirmDiscard(onCancel)} disabled={false}>
          {t('actions.cancel')}
        </Button>
      </div>
      <UnsavedChangesPrompt guard={guard} />
    </Form>
  );
}
