import { Avatar, Button, Dropdown, Tag, theme } from 'antd';
import type { MenuProps } from 'antd';
import {
  CheckOutlined,
  HomeOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logout } from '../../features/auth/session-actions.ts';
import { roleLabels } from '../../lib/access.ts';
import { showConfirm } from '../../lib/feedback.ts';
import { useSession } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';
import { LOCK_OPTIONS } from './idle-timer.ts';
import { lockOptionKey } from './lock-options.ts';
import { useLockScreen } from './lock-state.ts';
import { useSignedInUser } from './signed-in-user.ts';

/**
 * SPEC 2 top bar account menu: who is signed in and with which roles, then management page, change
 * password, lock screen, log out.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { name, account } = useSignedInUser();
  const roles = useSession((s) => s.roles);
  const avatar = useSession((s) => s.avatar);
  const loginAsLeaf = useSession((s) => s.loginAsLeaf);
  const lockAfter = useSettings((s) => s.lockAfterMinutes);
  const changeSetting = useSettings((s) => s.change);
  const lock = useLockScreen((s) => s.lock);

  const confirmLogout = () => {
    showConfirm({
      title: t('layout:logout.title'),
      content: t('layout:logout.content'),
      okText: t('layout:logout.ok'),
      cancelText: t('layout:common.cancel'),
      onOk: () => logout(),
    });
  };

  const items: MenuProps['items'] = [
    // SPEC 2: a leaf login has no management page to go back to
    ...(loginAsLeaf ? [] : [{ key: 'management', icon: <HomeOutlined />, label: t('layout:user.backToManagement') }]),
    { key: 'password', icon: <KeyOutlined />, label: t('layout:user.changePassword') },
    {
      key: 'lock',
      icon: <LockOutlined />,
      label: t('layout:lock.menu'),
      children: [
        { key: 'lock:now', label: t('layout:lock.now') },
        { type: 'divider' },
        ...LOCK_OPTIONS.map((minutes) => ({
          key: `lock:after:${minutes ?? 'off'}`,
          label: t(lockOptionKey(minutes)),
          icon: minutes === lockAfter ? <CheckOutlined /> : <span aria-hidden style={{ width: 14 }} />,
        })),
      ],
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout:user.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    // issue 13: the agent's home (/AgentApp sends someone who is no agent on to the restaurant tree)
    if (key === 'management') navigate('/AgentApp');
    else if (key === 'password') navigate('/ChangePassword');
    else if (key === 'lock:now') lock();
    else if (key === 'logout') confirmLogout();
    else if (key.startsWith('lock:after:')) {
      const value = key.slice('lock:after:'.length);
      changeSetting('lockAfterMinutes', value === 'off' ? null : Number(value));
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        autoFocus
        menu={{ items, onClick }}
        popupRender={(menu) => (
          <div
            className="ra-user-menu"
            style={{ background: token.colorBgElevated, boxShadow: token.boxShadowSecondary }}
          >
            <div className="ra-user-menu__who">
              <strong>{name}</strong>
              {account !== name && <span style={{ color: token.colorTextSecondary }}>{account}</span>}
              <span className="ra-user-menu__roles" aria-label={t('layout:user.roles')}>
                {roleLabels(roles).map((r) => (
                  <Tag key={r.key} color="cyan" variant="outlined">
                    {'system' in r ? t(`common:roles.${r.system}`) : r.name}
                  </Tag>
                ))}
              </span>
            </div>
            {menu}
          </div>
        )}
      >
        <Button type="text" aria-label={t('layout:user.menu', { name })} style={{ paddingInline: 6 }}>
          <Avatar size="small" src={avatar || undefined} icon={<UserOutlined />} alt="" />
          <span className="ra-navbar__user-name">{name}</span>
        </Button>
      </Dropdown>
    </>
  );
}
