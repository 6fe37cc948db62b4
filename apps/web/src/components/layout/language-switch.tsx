import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../lib/i18n.ts';
import type { TLanguage } from '../../stores/app.ts';
import { MenuButton } from './menu-button.tsx';

const LANGUAGES: readonly TLanguage[] = ['zh', 'en'];

/** SPEC 2: Chinese or English; choosing one saves it and reloads the view. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <MenuButton
      label={t('layout:language.switch')}
      icon={<TranslationOutlined />}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`layout:language.${lang}`), lang })),
        onClick: ({ key }) => {
          if (key !== current) setLanguage(key as TLanguage);
        },
      }}
    />
  );
}
