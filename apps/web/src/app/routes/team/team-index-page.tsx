import { useState } from 'react';
import { Drawer, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmployeeForm } from '../../../features/team/components/employee-form.tsx';
import { EmployeeList } from '../../../features/team/components/employee-list.tsx';
import { RefundLimits } from '../../../features/team/components/refund-limits.tsx';
import { RoleList } from '../../../features/team/components/role-list.tsx';
import '../../../features/team/components/team.css';
import { confirmLeavingPage } from '../../../lib/unsaved-changes.ts';
import { useApp } from '../../../stores/app.ts';
import { addRolePath, editRolePath, employeeMobilePath, type TTeamTab } from './team-paths.ts';

/**
 * /teamManagement/index: employees and roles on two tabs; the tab is in the URL so a refresh keeps it.
 * On a phone, editors open as their own pages (JobMobile, userMobile) instead of a drawer.
 */
export default function TeamIndexPage() {
  const { t } = useTranslation('team');
  const { t: tr } = useTranslation('refunds');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TTeamTab = asked === 'roles' || asked === 'refundLimits' ? asked : 'employees';
  const mobile = useApp((s) => s.device === 'mobile');
  // the employee drawer: null closed, 'new' adding, a number editing
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const openEmployee = (id: number | null) => {
    if (mobile) navigate(employeeMobilePath(id));
    else setEditing(id ?? 'new');
  };

  return (
    <div className="ra-team__page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          {
            key: 'employees',
            label: t('tabs.employees'),
            children: <EmployeeList onAdd={() => openEmployee(null)} onEdit={(id) => openEmployee(id)} />,
          },
          {
            key: 'roles',
            label: t('tabs.roles'),
            children: (
              <RoleList
                onAdd={() => navigate(addRolePath(mobile))}
                onEdit={(id) => navigate(editRolePath(id, mobile))}
              />
            ),
          },
          { key: 'refundLimits', label: tr('limits.tab'), children: <RefundLimits /> },
        ]}
      />
      <Drawer
        open={editing !== null}
        // the form's own guard asks first when it has unsaved changes
        onClose={() => confirmLeavingPage(() => setEditing(null))}
        title={editing === 'new' ? t('employee.titleAdd') : t('employee.titleEdit')}
        size={560}
        destroyOnHidden
        maskClosable={false}
      >
        {editing !== null && (
          <EmployeeForm
            employeeId={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Drawer>
    </div>
  );
}
