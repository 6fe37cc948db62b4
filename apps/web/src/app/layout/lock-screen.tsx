import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Avatar, Button, Form, Input, theme } from 'antd';
import type { InputRef } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { logout } from '../../features/auth/session-actions.ts';
import { unlock } from '../../features/auth/api/unlock.ts';
import { errorText } from '../../lib/request.ts';
import { useSession } from '../../stores/session.ts';
import { LOCK_BACKGROUND, useLockScreen } from './lock-state.ts';
import { useSignedInUser } from './signed-in-user.ts';

/**
 * Full-screen lock: covers the page (which stays mounted, so unsaved work survives) until the
 * account's password is entered. There is no close button and Escape does nothing; focus cannot
 * leave it. The page underneath is made inert by the layout.
 */
export default function LockScreen() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const release = useLockScreen((s) => s.unlock);
  // the password asked for is the signed-in person's, so the lock names them (not the restaurant)
  const { name, account } = useSignedInUser();
  const avatar = useSession((s) => s.avatar);
  const [form] = Form.useForm<{ password: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const overlayRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<InputRef>(null);

  useEffect(() => {
    inputRef.current?.focus();
    const keepFocus = (e: FocusEvent) => {
      if (e.target instanceof Node && !overlayRef.current?.contains(e.target)) inputRef.current?.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => document.removeEventListener('focusin', keepFocus);
  }, []);

  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await unlock(password);
      release();
    } catch (e) {
      setError(errorText(e, t('layout:lock.failed')));
      form.setFieldValue('password', '');
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    release();
    await logout();
  };

  return createPortal(
    <div
      ref={overlayRef}
      className="ra-lock"
      role="dialog"
      aria-modal="true"
      aria-labelledby="ra-lock-title"
      style={{ background: LOCK_BACKGROUND }}
    >
      <div className="ra-lock__card" style={{ background: token.colorBgElevated, color: token.colorText }}>
        <Avatar size={64} src={avatar || undefined} icon={<UserOutlined />} alt="" />
        <h1 id="ra-lock-title" className="ra-lock__title">
          <LockOutlined /> {t('layout:lock.title')}
        </h1>
        <p style={{ color: token.colorTextSecondary, margin: 0 }}>{t('layout:lock.hint', { name })}</p>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
          {/* lets password managers pair the password with the account */}
          <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
          <Form.Item
            name="password"
            label={t('layout:lock.password')}
            rules={[{ required: true, message: t('layout:lock.passwordRequired') }]}
            {...(error ? { validateStatus: 'error' as const, help: error } : {})}
          >
            <Input.Password ref={inputRef} autoComplete="current-password" onChange={() => setError(undefined)} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('layout:lock.unlock')}
          </Button>
        </Form>
        <Button type="link" onClick={() => void signOut()} style={{ marginTop: 8 }}>
          {t('layout:user.logout')}
        </Button>
      </div>
    </div>,
    document.body,
  );
}
