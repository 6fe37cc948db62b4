import { MenuEditorNav } from '../../../features/menu/components/menu-editor-nav.tsx';
import { ImageLibrary } from '../../../features/menu/components/image-library.tsx';

/** /menu/imageLibrary (hidden): the restaurant's image library as a tab of the menu editor. */
export default function ImageLibraryPage() {
  return (
    <div className="ra-menu__page">
      <MenuEditorNav />
      <ImageLibrary />
    </div>
  );
}
