import { Checkbox, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TRoleFlags } from '@ra/shared/permissions';
import { EDITOR_GROUPS, groupState, setRoleFlag, setRoleFlags } from '../role-flags.ts';
import './team.css';

/**
 * Every SPEC 3 role flag under its SPEC 6 group label. 'Full access' switches all of them; each group
 * has a "select all" box. Controlled: the parent holds the flags.
 */
export function RoleFlagsEditor({
  value,
  onChange,
  disabled = false,
}: {
  value: TRoleFlags;
  onChange: (flags: TRoleFlags) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('team');
  const id = useId();
  return (
    <div className="ra-role-flags">
      <div className="ra-role-flags__full">
        <Switch
          id={`${id}-fullAccess`}
          checked={value.fullAccess}
          disabled={disabled}
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
                    disabled={disabled}
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
                    checked={value[flag]}
                    disabled={disabled}
                    onChange={(e) => onChange(setRoleFlag(value, flag, e.target.checked))}
                    data-flag={flag}
                  >
                    {t(`flag.${flag}`)}
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
