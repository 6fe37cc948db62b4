import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, SUPPORTED_LANGUAGES } from '../../../lib/i18n.ts';

/** SPEC 1/2: English or Chinese; the choice is remembered and the view reloads. */
export function LanguageChoice() {
  const { t } = useTranslation('common');
  const current = currentLanguage();
  return (
    <div className="ra-lang" role="group" aria-label={t('language')}>
      {SUPPORTED_LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          className="ra-lang__option"
          aria-pressed={lang === current}
          onClick={() => lang !== current && setLanguage(lang)}
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
        >
          {lang === 'zh' ? '中文' : 'English'}
        </button>
      ))}
    </div>
  );
}
