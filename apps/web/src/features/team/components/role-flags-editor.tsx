import { Checkbox, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRoleFlag, TRoleFlags } from '@ra/shared/permissions';
import { EDITOR_GROUPS, groupState, setRoleFlag, setRoleFlags } from '../role-flags.ts';
import './team.css';

/**
 * Every SPEC 3 role flag under its SPEC 6 group label, each with a line saying what it allows.
 * 'Full access' switches all of them; each group has a "select all" box. Controlled: the parent holds
 * the flags. Flags outside `grantable` (what the editing person holds) cannot be ticked: nobody gives
 * more than they have (team.authority.ts).
 */
export function RoleFlagsEditor({
  value,
  onChange,
  disabled = false,
  grantable,
}: {
  value: TRoleFlags;
  onChange: (flags: TRoleFlags) => void;
  disabled?: boolean;
  grantable?: TRoleFlags;
}) {
  const { t } = useTranslation('team');
  const id = useId();
  const mayGrant = (flag: TRoleFlag) => !grantable || grantable[flag];
  return (
    <div className="ra-role-flags">
      <div className="ra-role-flags__full">
        <Switch
          id={`${id}-fullAccess`}
          checked={value.fullAccess}
          disabled={disabled || !mayGrant('fullAccess')}
          onChange={(on) => onChange(setRoleFlag(value, 'fullAccess', on))}
          data-flag="fullAccess"
        />
        <label htmlFor={`${id}-fullAccess`}>
          <div className="ra-role-flags__full-label">{t('flag.fullAccess')}</div>
          <div className="ra-team__sub">
            {t('group.allAccess')} · {t('role.fullAccessHelp')}
          </div>
        </label>
      </div>
      <div className="ra-role-flags__grid">
        {EDITOR_GROUPS.map((group) => {
          const state = groupState(value, group.flags);
          const title = t(`group.${group.key}`);
          return (
            <div
              key={group.key}
              className="ra-role-flags__group"
              data-group={group.key}
              role="group"
              aria-labelledby={`${id}-${group.key}`}
            >
              <div className="ra-role-flags__group-head">
                <span className="ra-role-flags__group-title" id={`${id}-${group.key}`}>
                  {title}
                </span>
                {group.flags.length > 1 && (
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    disabled={disabled || !group.flags.every(mayGrant)}
                    onChange={(e) => onChange(setRoleFlags(value, group.flags, e.target.checked))}
                    aria-label={`${title}: ${t('role.selectAll')}`}
                  >
                    <span className="ra-team__sub">{t('role.selectAll')}</span>
                  </Checkbox>
                )}
              </div>
              <div className="ra-role-flags__list">
                {group.flags.map((flag) => (
                  <Checkbox
                    key={flag}
                    className="ra-role-flags__flag"
                    checked={value[flag]}
                    disabled={disabled || !mayGrant(flag)}
                    onChange={(e) => onChange(setRoleFlag(value, flag, e.target.checked))}
                    data-flag={flag}
                    aria-describedby={`${id}-${flag}-help`}
                  >
                    <span className="ra-role-flags__flag-name">{t(`flag.${flag}`)}</span>
                    <span className="ra-role-flags__flag-help ra-team__sub" id={`${id}-${flag}-help`}>
                      {t(`flagHelp.${flag}`)}
                    </span>
                  </Checkbox>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
