import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Empty, Input, Pagination, Popconfirm, Select, Space, Spin, Table, Tag, Tooltip } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { debounce } from '@ra/shared/format/debounce';
import { heldFlags, flagsBeyond } from '@ra/shared/team/team.authority';
import { TEAM_MESSAGES } from '@ra/shared/team/team.messages';
import {
  EMPLOYEE_PAGE_SIZE_DEFAULT,
  EMPLOYEE_STATUSES,
  type TEmployee,
  type TEmployeeStatus,
} from '@ra/shared/team/team.schemas';
import { showErrorMessage, showSuccessMessage } from '../../../lib/feedback.ts';
import { useApp } from '../../../stores/app.ts';
import { useSession } from '../../../stores/session.ts';
import { useDeleteEmployee } from '../api/delete-employee.ts';
import { useEmployees, type TEmployeeFilters } from '../api/get-employees.ts';
import { useRoles } from '../api/get-roles.ts';
import { useUpdateEmployee } from '../api/update-employee.ts';
import { useIsPlatformStaff, useMyFlags } from '../my-flags.ts';
import { staffLocked } from '../owner-grant.ts';
import { roleTagLabel } from '../role-tags.ts';
import { countText } from '../team-counts.ts';
import { teamErrorText, translateTeamMessage } from '../team-messages.ts';
import './team.css';

const SEARCH_DEBOUNCE_MS = 300;
const message = (key: keyof typeof TEAM_MESSAGES) => translateTeamMessage(TEAM_MESSAGES[key].en);

/**
 * The employees tab: search by name (debounced), filter by role and status, server-side pages
 * (ARCHITECTURE "Web"); edit, deactivate or reactivate at any time (SPEC 4), delete (soft). At phone
 * width each employee is a card with name, roles, status and actions first, nothing off to the side.
 */
export function EmployeeList({ onAdd, onEdit }: { onAdd: () => void; onEdit: (id: number) => void }) {
  const { t, i18n } = useTranslation('team');
  const mobile = useApp((s) => s.device === 'mobile');
  const myFlags = useMyFlags();
  const platformStaff = useIsPlatformStaff();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TEmployeeFilters>({ page: 1, pageSize: EMPLOYEE_PAGE_SIZE_DEFAULT });
  const employees = useEmployees(filters);
  const roles = useRoles();
  const update = useUpdateEmployee();
  const remove = useDeleteEmployee();
  const myEmail = useSession((s) => s.loginAccount).toLowerCase();

  const applySearch = useMemo(
    () => debounce((q: string) => setFilters((f) => ({ ...f, q: q.trim() || undefined, page: 1 })), SEARCH_DEBOUNCE_MS),
    [],
  );
  useEffect(() => () => applySearch.cancel(), [applySearch]);

  async function setStatus(employee: TEmployee, status: TEmployeeStatus): Promise<void> {
    try {
      await update.mutateAsync({ id: employee.id, status });
      showSuccessMessage(message(status === 'active' ? 'team.employeeReactivated' : 'team.employeeDeactivated'));
    } catch (error) {
      showErrorMessage(teamErrorText(error));
    }
  }

  async function deleteEmployee(employee: TEmployee): Promise<void> {
    try {
      await remove.mutateAsync(employee.id);
      showSuccessMessage(message('team.employeeDeleted'));
    } catch (error) {
      showErrorMessage(teamErrorText(error));
    }
  }

  // the server refuses it too (team.cannotChangeOwnStatus); the buttons say so up front
  const isMe = (e: TEmployee) => e.email.toLowerCase() === myEmail;
  // and these (team.authority.ts): the owner's account, and accounts holding flags the viewer lacks
  const roleFlags = new Map((roles.data?.roles ?? []).map((r) => [r.id, r.flags]));
  const lockedReason = (e: TEmployee): string | undefined => {
    if (isMe(e)) return undefined;
    if (staffLocked(e, platformStaff, false)) return t('employees.staffHelp');
    if (e.authorizedRepresentative && !platformStaff) return t('employees.ownerHelp');
    if (!myFlags || !roles.data) return undefined;
    const theirs = heldFlags(e.roles.map((r) => roleFlags.get(r.id) ?? {}));
    return flagsBeyond(myFlags, theirs).length > 0 ? t('employees.outranksHelp') : undefined;
  };
  const filtered = Boolean(filters.q || filters.roleId || filters.status);
  const busy = (id: number) =>
    (update.isPending && update.variables?.id === id) || (remove.isPending && remove.variables === id);

  const nameCell = (e: TEmployee) => (
    <div>
      <a className="ra-team__name" onClick={() => onEdit(e.id)}>
        {e.fullname || `${e.firstName} ${e.lastName}`}
      </a>
      {isMe(e) && <Tag style={{ marginInlineStart: 8 }}>{t('employees.you')}</Tag>}
      {e.authorizedRepresentative && (
        <Tooltip title={t('employees.ownerHelp')}>
          <Tag color="gold" style={{ marginInlineStart: 8 }} data-owner-tag>
            {t('employees.owner')}
          </Tag>
        </Tooltip>
      )}
      {e.employeeNumber && <div className="ra-team__sub">{t('employees.number', { number: e.employeeNumber })}</div>}
    </div>
  );
  const rolesCell = (e: TEmployee) =>
    e.roles.map((r) => (
      <Tag key={r.id} data-role-tag>
        {roleTagLabel(t, r.name)}
      </Tag>
    ));
  const statusCell = (status: TEmployeeStatus) => (
    <Tag color={status === 'active' ? 'success' : 'default'} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
  const actionsCell = (e: TEmployee) => {
    const locked = lockedReason(e);
    const actions = (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => onEdit(e.id)} disabled={locked !== undefined}>
          {t('actions.edit')}
        </Button>
        {e.status === 'active' ? (
          <Popconfirm
            title={message('team.deactivateEmployeeConfirm')}
            okText={t('actions.deactivate')}
            cancelText={t('actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => setStatus(e, 'inactive')}
            disabled={isMe(e) || locked !== undefined}
          >
            <Button type="link" size="small" loading={busy(e.id)} disabled={isMe(e) || locked !== undefined}>
              {t('actions.deactivate')}
            </Button>
          </Popconfirm>
        ) : (
          <Popconfirm
            title={t('employees.reactivateConfirm')}
            okText={t('actions.reactivate')}
            cancelText={t('actions.cancel')}
            onConfirm={() => setStatus(e, 'active')}
            disabled={isMe(e) || locked !== undefined}
          >
            <Button type="link" size="small" loading={busy(e.id)} disabled={isMe(e) || locked !== undefined}>
              {t('actions.reactivate')}
            </Button>
          </Popconfirm>
        )}
        <Popconfirm
          title={message('team.deleteEmployeeConfirm')}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => deleteEmployee(e)}
          disabled={isMe(e) || locked !== undefined}
        >
          <Button type="link" size="small" danger disabled={isMe(e) || locked !== undefined}>
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      </Space>
    );
    return locked ? <Tooltip title={locked}>{actions}</Tooltip> : actions;
  };

  const items = employees.data?.items ?? [];
  const empty = employees.isPending ? (
    ' '
  ) : (
    <Empty description={t(filtered ? 'employees.emptyFiltered' : 'employees.empty')} />
  );
  const pagination = {
    current: employees.data?.page ?? filters.page,
    pageSize: employees.data?.pageSize ?? filters.pageSize,
    total: employees.data?.total ?? 0,
    showTotal: (total: number) => countText(t, 'employees.total', total, i18n.language),
    onChange: (page: number, pageSize: number) =>
      setFilters((f) => ({ ...f, page: pageSize !== f.pageSize ? 1 : page, pageSize })),
  };

  return (
    <>
      <div className="ra-team__toolbar">
        <Input.Search
          className="ra-team__toolbar-grow"
          allowClear
          placeholder={t('employees.search')}
          aria-label={t('employees.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            applySearch(e.target.value);
          }}
          onSearch={(value) => {
            applySearch.cancel();
            setFilters((f) => ({ ...f, q: value.trim() || undefined, page: 1 }));
          }}
        />
        <Select
          style={{ minWidth: 160 }}
          allowClear
          placeholder={t('employees.filterRole')}
          aria-label={t('employees.filterRole')}
          value={filters.roleId}
          loading={roles.isPending}
          options={(roles.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
          onChange={(roleId?: number) => setFilters((f) => ({ ...f, roleId, page: 1 }))}
        />
        <Select
          style={{ minWidth: 140 }}
          allowClear
          placeholder={t('employees.filterStatus')}
          aria-label={t('employees.filterStatus')}
          value={filters.status}
          options={EMPLOYEE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(status?: TEmployeeStatus) => setFilters((f) => ({ ...f, status, page: 1 }))}
        />
        <Button className="ra-team__toolbar-end" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('actions.addEmployee')}
        </Button>
      </div>
      {employees.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('employees.loadFailed')}
          description={teamErrorText(employees.error)}
          action={<Button onClick={() => void employees.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : mobile ? (
        <Spin spinning={employees.isFetching}>
          {items.length === 0 ? (
            <div className="ra-team__state">{empty}</div>
          ) : (
            <ul className="ra-employee-cards" aria-label={t('tabs.employees')}>
              {items.map((e) => (
                <li key={e.id} className="ra-employee-card" data-employee-card={e.id}>
                  <div className="ra-employee-card__head">
                    {nameCell(e)}
                    {statusCell(e.status)}
                  </div>
                  <div className="ra-employee-card__roles">{rolesCell(e)}</div>
                  <div className="ra-team__sub ra-employee-card__email">
                    {e.email}
                    {!e.hasPassword && ` · ${t('employees.noDashboardLogin')}`}
                  </div>
                  <div className="ra-employee-card__actions">{actionsCell(e)}</div>
                </li>
              ))}
            </ul>
          )}
          <div className="ra-employee-cards__pager">
            <Pagination simple {...pagination} />
          </div>
          <div className="ra-team__sub" style={{ textAlign: 'center' }}>
            {pagination.showTotal(pagination.total)}
          </div>
        </Spin>
      ) : (
        <Table<TEmployee>
          rowKey="id"
          loading={employees.isFetching}
          dataSource={items}
          scroll={{ x: 860 }}
          locale={{ emptyText: empty }}
          pagination={{ ...pagination, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
          columns={[
            { title: t('field.name'), key: 'name', render: (_, e) => nameCell(e) },
            {
              title: t('field.email'),
              dataIndex: 'email',
              render: (email: string, e) => (
                <div>
                  {email}
                  {!e.hasPassword && <div className="ra-team__sub">{t('employees.noDashboardLogin')}</div>}
                </div>
              ),
            },
            { title: t('field.roles'), key: 'roles', render: (_, e) => rolesCell(e) },
            {
              title: t('field.status'),
              dataIndex: 'status',
              width: 110,
              render: (status: TEmployeeStatus) => statusCell(status),
            },
            { title: t('field.actions'), key: 'actions', width: 250, render: (_, e) => actionsCell(e) },
          ]}
        />
      )}
    </>
  );
}
