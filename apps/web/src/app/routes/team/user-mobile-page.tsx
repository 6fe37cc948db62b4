import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmployeeForm } from '../../../features/team/components/employee-form.tsx';
import '../../../features/team/components/team.css';
import { idParam, teamIndexPath } from './team-paths.ts';

/** /teamManagement/userMobile[?id=]: add or edit an employee at phone width. */
export default function UserMobilePage() {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const back = () => navigate(teamIndexPath('employees'));
  return (
    <div className="ra-team__page ra-team--mobile">
      <h1 className="ra-team__page-title">{id === null ? t('employee.titleAdd') : t('employee.titleEdit')}</h1>
      <EmployeeForm employeeId={id} mobile onDone={back} onCancel={back} />
    </div>
  );
}
