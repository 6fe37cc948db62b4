import { FontSizeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useApp, type TSize } from '../../stores/app.ts';
import { MenuButton } from '../../components/layout/menu-button.tsx';

const SIZES: readonly TSize[] = ['small', 'medium', 'large'];

/** Interface size (SPEC 2, 9: small, regular, large; remembered, medium by default). */
export function SizeSwitch() {
  const { t } = useTranslation();
  const size = useApp((s) => s.size);
  const setSize = useApp((s) => s.setSize);
  return (
    <MenuButton
      label={t('layout:size.switch')}
      icon={<FontSizeOutlined />}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(`layout:size.${s}`) })),
        onClick: ({ key }) => setSize(key as TSize),
      }}
    />
  );
}
