import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, SUPPORTED_LANGUAGES } from '../../../lib/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { keepLoginStateForReload } from '../login-carry.ts';

/**
 * SPEC 1/2: English or Chinese; the choice is remembered and the view reloads, keeping what the
 * sign-in form showed (its error is shown again in the new language).
 */
export function LanguageChoice() {
  const { t } = useTranslation('common');
  const current = currentLanguage();
  // disabled in the server-sent sign-in page until hydrated (issue 21)
  const hydrated = useHydrated();
  return (
    <div className="ra-lang" role="group" aria-label={t('language')}>
      {SUPPORTED_LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          className="ra-lang__option"
          aria-pressed={lang === current}
          disabled={!hydrated}
          onClick={() => {
            if (lang === current) return;
            keepLoginStateForReload();
            setLanguage(lang);
          }}
          lang={lang === 'zh' ? 'zh-CN' : 'en'}
        >
          {lang === 'zh' ? '中文' : 'English'}
        </button>
      ))}
    </div>
  );
}
