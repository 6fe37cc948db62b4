import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@ra/shared/team/team.messages';
import { useChangePassword } from '../api/change-password.ts';
import { changePasswordProblems, type TChangePasswordValues } from '../form-rules.ts';
import { serverFieldErrors, teamErrorText, translateTeamMessage } from '../team-messages.ts';
import './team.css';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * SPEC 2 /ChangePassword: current password, the new one twice. The rules are stated above the
 * fields (SPEC 5 leaves them open; packages/shared/src/team). The session in use stays signed in;
 * the account's other sessions end on the server.
 */
export function ChangePasswordForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation('team');
  const [form] = Form.useForm<TChangePasswordValues>();
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const rule = (field: keyof TChangePasswordValues): Rule => ({
    validator: async () => {
      const problem = changePasswordProblems(form.getFieldsValue(true) as TChangePasswordValues, email)[field];
      if (problem) throw new Error(translateTeamMessage(problem));
    },
  });

  async function submit(values: TChangePasswordValues): Promise<void> {
    setFailure(null);
    try {
      const answer = await change.mutateAsync(values);
      form.resetFields();
      setDone(translateTeamMessage(answer.message));
    } catch (error) {
      const fields = serverFieldErrors(error, FIELDS);
      const entries = Object.entries(fields);
      if (entries.length)
        form.setFields(
          entries.map(([name, message]) => ({ name: name as (typeof FIELDS)[number], errors: [message] })),
        );
      else setFailure(teamErrorText(error));
    }
  }

  if (done) {
    return (
      <div>
        <Alert type="success" showIcon title={done} role="status" style={{ marginBottom: 16 }} />
        <Button type="primary" block onClick={onDone}>
          {t('actions.backToDashboard')}
        </Button>
      </div>
    );
  }

  return (
    <Form<TChangePasswordValues>
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      disabled={change.isPending}
      validateTrigger="onBlur"
      onValuesChange={(changed: Partial<TChangePasswordValues>) => {
        if ('newPassword' in changed && form.getFieldValue('confirmPassword'))
          void form.validateFields(['confirmPassword']);
      }}
    >
      <section className="ra-password__rules" aria-labelledby="ra-password-rules">
        <p className="ra-password__rules-title" id="ra-password-rules">
          {t('password.rulesTitle')}
        </p>
        <ul>
          <li>{t('password.ruleLength', { min: PASSWORD_MIN_LENGTH })}</li>
          <li>{t('password.ruleNotEmail')}</li>
          <li>{t('password.ruleDifferent')}</li>
        </ul>
      </section>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      {/* lets password managers pair the new password with the account */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Form.Item name="oldPassword" label={t('password.current')} required rules={[rule('oldPassword')]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('password.new')} required rules={[rule('newPassword')]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('password.confirm')} required rules={[rule('confirmPassword')]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Alert type="info" title={t('password.sessionsNote')} style={{ marginBottom: 16 }} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button type="primary" htmlType="submit" loading={change.isPending} style={{ flex: 1 }}>
          {t('password.submit')}
        </Button>
        <Button onClick={onDone} disabled={false}>
          {t('actions.cancel')}
        </Button>
      </div>
    </Form>
  );
}
