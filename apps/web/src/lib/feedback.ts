/**
 * Messages and dialogs for any code, React or not (the API client, the navigation guard, menus).
 * antd's message and modal are loaded on first use, so no page carries them until one is shown,
 * and they are drawn with the app's theme, locale and size (static-feedback-theme.tsx).
 */

const loadMessage = () =>
  Promise.all([import('antd/es/message/index.js'), import('./static-feedback-theme.tsx')]).then(([m, theme]) => {
    theme.applyStaticFeedbackTheme();
    return m.default;
  });

const loadModal = () =>
  Promise.all([import('antd/es/modal/index.js'), import('./static-feedback-theme.tsx')]).then(([m, theme]) => {
    theme.applyStaticFeedbackTheme();
    return m.default;
  });

export function showErrorMessage(text: string): void {
  void loadMessage().then((message) => message.error(text));
}

export function showSuccessMessage(text: string): void {
  void loadMessage().then((message) => message.success(text));
}

export interface TBlockingDialog {
  title: string;
  content: string;
  okText: string;
  onOk: () => void;
}

/** A warning the user cannot dismiss: no close button, no mask click, no Escape (SPEC 8). */
export function showBlockingWarning(dialog: TBlockingDialog): void {
  void loadModal().then((Modal) =>
    Modal.warning({
      title: dialog.title,
      content: dialog.content,
      okText: dialog.okText,
      onOk: dialog.onOk,
      closable: false,
      maskClosable: false,
      keyboard: false,
    }),
  );
}

export interface TConfirmDialog {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => unknown;
}

/** Ask before something that cannot be undone in one click (e.g. signing out). */
export function showConfirm(dialog: TConfirmDialog): void {
  void loadModal().then((Modal) => Modal.confirm(dialog));
}
