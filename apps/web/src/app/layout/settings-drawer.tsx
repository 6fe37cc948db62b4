import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button, ColorPicker, Drawer, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { THEMES, useSettings, type TSettings, type TTheme } from '../../stores/settings.ts';
import { LOCK_OPTIONS } from './idle-timer.ts';
import { lockOptionKey } from './lock-options.ts';
import { THEME_PRESETS } from '../../components/layout/theme.ts';

type TSwitchSetting = 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'supportPinyinSearch';
const SWITCHES: readonly TSwitchSetting[] = ['tagsView', 'fixedHeader', 'sidebarLogo', 'supportPinyinSearch'];

function Row({ label, children, htmlFor }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className="ra-settings__row">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}

/** SPEC 2 settings drawer; every value is remembered by the settings store. */
export default function SettingsDrawer() {
  const { t } = useTranslation();
  const id = useId();
  const settings = useSettings();
  const change = useSettings((s) => s.change);

  const chooseTheme = (name: TTheme) => {
    change('themeName', name);
    // each theme comes with its colour; the picker below can still change it
    change('theme', THEME_PRESETS[name].primary);
  };

  return (
    <Drawer
      title={t('layout:settings.title')}
      placement="right"
      size={320}
      open={settings.showSettings}
      onClose={() => change('showSettings', false)}
      closable={{ 'aria-label': t('layout:common.close') }}
    >
      <h3 className="ra-settings__heading" id={`${id}-theme`}>
        {t('layout:settings.theme')}
      </h3>
      <Radio.Group
        className="ra-settings__themes"
        aria-labelledby={`${id}-theme`}
        value={settings.themeName}
        onChange={(e) => chooseTheme(e.target.value as TTheme)}
        optionType="button"
        options={THEMES.map((name) => ({
          value: name,
          label: (
            <span>
              <span className="ra-swatch" style={{ background: THEME_PRESETS[name].primary }} aria-hidden />
              {t(`layout:settings.themes.${name}`)}
            </span>
          ),
        }))}
      />
      <Row label={t('layout:settings.themeColor')} htmlFor={`${id}-color`}>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('layout:settings.presets'), colors: THEMES.map((name) => THEME_PRESETS[name].primary) }]}
          onChangeComplete={(color) => change('theme', color.toHexString())}
        >
          {/* a real button, so the picker opens from the keyboard too */}
          <Button id={`${id}-color`}>
            <span className="ra-swatch" style={{ background: settings.theme }} aria-hidden />
            {settings.theme}
          </Button>
        </ColorPicker>
      </Row>

      <h3 className="ra-settings__heading">{t('layout:settings.layout')}</h3>
      {SWITCHES.map((key) => (
        <Row key={key} label={t(`layout:settings.${key}`)} htmlFor={`${id}-${key}`}>
          <Switch
            id={`${id}-${key}`}
            checked={settings[key]}
            onChange={(checked) => change(key, checked as TSettings[typeof key])}
          />
        </Row>
      ))}
      <Row label={t('layout:settings.lockAfter')} htmlFor={`${id}-lock`}>
        <Select<string>
          id={`${id}-lock`}
          style={{ width: 140 }}
          value={settings.lockAfterMinutes === null ? 'off' : String(settings.lockAfterMinutes)}
          options={LOCK_OPTIONS.map((m) => ({ value: m === null ? 'off' : String(m), label: t(lockOptionKey(m)) }))}
          onChange={(v) => change('lockAfterMinutes', v === 'off' ? null : Number(v))}
        />
      </Row>
    </Drawer>
  );
}
