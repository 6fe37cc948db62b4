import type { ConfigProviderProps } from 'antd';
import type { TLanguage } from '../stores/app.ts';

type TAntdLocale = ConfigProviderProps['locale'];

let loading: Promise<TAntdLocale> | null = null;

/**
 * antd's and dayjs's Chinese texts, loaded once, only for a Chinese session and only with the first
 * page that uses antd; English is their built-in default, so an English session downloads neither.
 */
export function loadUiLocale(lang: TLanguage): Promise<TAntdLocale> {
  if (lang !== 'zh') return Promise.resolve(undefined);
  loading ??= Promise.all([import('antd/es/locale/zh_CN.js'), import('dayjs'), import('dayjs/locale/zh-cn.js')]).then(
    ([antdZh, dayjs]) => {
      dayjs.default.locale('zh-cn');
      return antdZh.default;
    },
  );
  return loading;
}
