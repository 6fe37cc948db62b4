import { RoleEditorPage } from './role-editor-page.tsx';

/** /teamManagement/JobMobile[?id=]: the role editor at phone width. */
export default function JobMobilePage() {
  return <RoleEditorPage mobile requireId={false} />;
}
