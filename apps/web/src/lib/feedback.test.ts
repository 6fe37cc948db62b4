// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';

const warning = vi.hoisted(() => vi.fn());
vi.mock('antd/es/modal/index.js', () => ({ default: { warning, confirm: vi.fn() } }));
// the look of the dialog is not what this test is about, and loading antd's ConfigProvider is slow
vi.mock('./static-feedback-theme.tsx', () => ({ applyStaticFeedbackTheme: () => undefined }));

import { showBlockingWarning } from './feedback.ts';

describe('showBlockingWarning (SPEC 8 re-login dialog)', () => {
  it('opens a dialog with no close button, no mask click and no Escape', async () => {
    const onOk = vi.fn();
    showBlockingWarning({
      title: 'Signed out',
      content: 'You have been logged out, please log in again',
      okText: 'Log in again',
      onOk,
    });
    await vi.waitFor(() => expect(warning).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(warning.mock.calls[0]![0]).toMatchObject({
      content: 'You have been logged out, please log in again',
      okText: 'Log in again',
      onOk,
      closable: false,
      maskClosable: false,
      keyboard: false,
    });
  });
});
