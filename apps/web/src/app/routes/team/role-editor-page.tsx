import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RoleEditor } from '../../../features/team/components/role-editor.tsx';
import '../../../features/team/components/team.css';
import { useTags } from '../../../stores/tags.ts';
import { idParam, teamIndexPath } from './team-paths.ts';

/** The role editor page; `mobile` is the single-column JobMobile variant. ?id= edits, none adds. */
export function RoleEditorPage({ mobile, requireId }: { mobile: boolean; requireId: boolean }) {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const { pathname } = useLocation();
  // Saved or cancelled, the editor's work is done: its tab closes and the roles list shows.
  const back = () => {
    useTags.getState().delVisited(pathname);
    navigate(teamIndexPath('roles'));
  };
  return (
    <div className="ra-team__page">
      <h1 className="ra-team__page-title">{id === null ? t('role.titleAdd') : t('role.titleEdit')}</h1>
      {/* editJob without a usable id has nothing to edit: the editor says the role does not exist */}
      <RoleEditor roleId={requireId && id === null ? -1 : id} mobile={mobile} onDone={back} />
    </div>
  );
}
