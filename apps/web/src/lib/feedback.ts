import type { App } from 'antd';

/**
 * A bridge from non-React code (the API client, the navigation guard) to antd's message and modal,
 * so they render inside ConfigProvider (theme colour, locale). The app registers App.useApp()'s API
 * once mounted; before that, antd's static functions are loaded on demand so the first page stays
 * light.
 */
type TAppApi = ReturnType<typeof App.useApp>;

let appApi: Pick<TAppApi, 'message' | 'modal'> | null = null;

export function registerFeedback(api: Pick<TAppApi, 'message' | 'modal'> | null): void {
  appApi = api;
}

export function showErrorMessage(text: string): void {
  if (appApi) {
    void appApi.message.error(text);
    return;
  }
  void import('antd/es/message/index.js').then((m) => m.default.error(text));
}

export function showSuccessMessage(text: string): void {
  if (appApi) {
    void appApi.message.success(text);
    return;
  }
  void import('antd/es/message/index.js').then((m) => m.default.success(text));
}

export interface TBlockingDialog {
  title: string;
  content: string;
  okText: string;
  onOk: () => void;
}

/** A warning the user cannot dismiss: no close button, no mask click, no Escape (SPEC 8). */
export function showBlockingWarning(dialog: TBlockingDialog): void {
  const config = {
    title: dialog.title,
    content: dialog.content,
    okText: dialog.okText,
    onOk: dialog.onOk,
    closable: false,
    maskClosable: false,
    keyboard: false,
  };
  if (appApi) {
    appApi.modal.warning(config);
    return;
  }
  void Promise.all([import('antd/es/modal/index.js'), import('./static-feedback-theme.tsx')]).then(([m, theme]) => {
    theme.applyStaticFeedbackTheme();
    m.default.warning(config);
  });
}
