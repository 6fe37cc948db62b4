import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const HeaderSearchBox = lazy(() => import('./header-search-box.tsx'));

/** Jump to any page the user may open by typing part of its title (SPEC 3 supportPinyinSearch). */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) requestAnimationFrame(() => buttonRef.current?.focus());
  };

  const button = (
    <Tooltip title={t('layout:search.open')}>
      <Button
        ref={buttonRef}
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('layout:search.open')}
        onClick={() => setOpen(true)}
      />
    </Tooltip>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <HeaderSearchBox onClose={close} />
    </Suspense>
  );
}
