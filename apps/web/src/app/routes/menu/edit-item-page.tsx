import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ItemForm } from '../../../features/menu/components/item-form.tsx';
import { idParam, ITEM_LIBRARY_PATH } from '../../../features/menu/menu-paths.ts';

/** /EditItem?id=<id> (SPEC 2, hidden): one item's editor. */
export default function EditItemPage() {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  if (id === null)
    return (
      <Result
        status="404"
        title={t('item.notFound')}
        extra={<Button onClick={() => navigate(ITEM_LIBRARY_PATH)}>{t('actions.backToLibrary')}</Button>}
      />
    );
  return <ItemForm key={id} itemId={id} />;
}
