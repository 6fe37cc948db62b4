import { RoleEditorPage } from './role-editor-page.tsx';

/** /teamManagement/addJob: a new role. */
export default function AddJobPage() {
  return <RoleEditorPage mobile={false} requireId={false} />;
}
