import { Alert, Drawer, Empty, Skeleton, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toDisplayLanguage } from '@ra/shared/format/locale-format';
import { ROLE_FLAGS, type TRoleFlag } from '@ra/shared/permissions';
import { TEAM_MESSAGES, type TTeamMessageKey } from '@ra/shared/team/team.messages';
import type { TAuditEntry } from '@ra/shared/team/team.schemas';
import { useSession } from '../../../stores/session.ts';
import { useRoleHistory } from '../api/get-role-history.ts';
import { teamErrorText, translateTeamMessage } from '../team-messages.ts';
import './team.css';

const isFlag = (name: string): name is TRoleFlag => (ROLE_FLAGS as readonly string[]).includes(name);

type TFlagChange = { before: boolean; after: boolean };

/** Audit actions with their own label; refused attempts (team.authority.ts) show as "Refused: …". */
const KNOWN_ACTIONS = [
  'role.create',
  'role.update',
  'role.delete',
  'role.create.refused',
  'role.update.refused',
  'role.delete.refused',
];

/** The lines that say what an audit entry changed, in the reader's language. */
function useDescribe() {
  const { t } = useTranslation('team');
  const flagList = (flags: string[]) =>
    flags.length
      ? flags.map((f) => (isFlag(f) ? t(`flag.${f}`) : f)).join(t('history.separator'))
      : t('history.noPermissions');
  return (entry: TAuditEntry): string[] => {
    const details = entry.details as {
      flags?: unknown;
      changes?: { name?: { before: string; after: string }; flags?: Record<string, TFlagChange> };
    };
    if (entry.action.endsWith('.refused')) {
      const reason = (entry.details as { reason?: unknown }).reason;
      return typeof reason === 'string' && reason in TEAM_MESSAGES
        ? [translateTeamMessage(TEAM_MESSAGES[reason as TTeamMessageKey].en)]
        : [];
    }
    if (entry.action === 'role.create' || entry.action === 'role.delete') {
      return [
        t('history.granted', { flags: flagList(Array.isArray(details.flags) ? (details.flags as string[]) : []) }),
      ];
    }
    if (entry.action === 'role.update') {
      const lines: string[] = [];
      const changes = details.changes ?? {};
      if (changes.name) lines.push(t('history.renamed', changes.name));
      const flagChanges = Object.entries(changes.flags ?? {});
      const on = flagChanges.filter(([, c]) => c.after).map(([f]) => f);
      const off = flagChanges.filter(([, c]) => !c.after).map(([f]) => f);
      if (on.length) lines.push(t('history.turnedOn', { flags: flagList(on) }));
      if (off.length) lines.push(t('history.turnedOff', { flags: flagList(off) }));
      return lines.length ? lines : [t('history.noChange')];
    }
    return [];
  };
}

/** A role's audit log (issue: "The role page shows a role's history"): who changed what, when, from where. */
export function RoleHistoryDrawer({
  role,
  onClose,
}: {
  role: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('team');
  const history = useRoleHistory(role?.id ?? null);
  const timeZone = useSession((s) => s.locales?.timeZone);
  const zone = timeZone && timeZone !== 'Unknown' ? timeZone : undefined;
  const describe = useDescribe();
  const knownAction = (action: string) =>
    KNOWN_ACTIONS.includes(action) ? t(`history.action.${action}`) : t('history.action.other', { action });
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      title={role ? t('history.title', { name: role.name }) : ''}
      size={420}
      destroyOnHidden
    >
      {history.isPending ? (
        <Skeleton active />
      ) : history.isError ? (
        <Alert type="error" showIcon title={t('history.loadFailed')} description={teamErrorText(history.error)} />
      ) : history.data.items.length === 0 ? (
        <Empty description={t('history.empty')} />
      ) : (
        <Timeline
          items={history.data.items.map((entry) => ({
            key: entry.id,
            color:
              entry.action === 'role.delete' || entry.action.endsWith('.refused')
                ? 'red'
                : entry.action === 'role.create'
                  ? 'green'
                  : 'blue',
            content: (
              <div data-history-action={entry.action}>
                <strong>{knownAction(entry.action)}</strong>
                {describe(entry).map((line) => (
                  <p key={line} className="ra-history__line">
                    {line}
                  </p>
                ))}
                <div className="ra-history__meta">
                  {formatDateTime(entry.at, toDisplayLanguage(i18n.language), zone)} ·{' '}
                  {entry.actor ? t('history.by', { name: entry.actor.name }) : t('history.bySystem')}
                  {entry.ip ? ` · ${t('history.from', { ip: entry.ip })}` : ''}
                </div>
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
