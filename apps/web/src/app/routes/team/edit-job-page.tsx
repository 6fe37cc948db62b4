import { RoleEditorPage } from './role-editor-page.tsx';

/** /teamManagement/editJob?id=: change a role. */
export default function EditJobPage() {
  return <RoleEditorPage mobile={false} requireId />;
}
