// A toast (lib/feedback.ts) is antd's static message, a React root of its own that closes its toasts
// on timers. A file that leaves one up would have it close after the file's page is torn down, and
// React, rendering the close, finds no window. Whatever a file left up is closed while its page is
// still here (files that show toasts also close them themselves, test-support/browser-stubs.ts).
import { act } from 'react';
import { afterAll } from 'vitest';

if (typeof window !== 'undefined') {
  afterAll(async () => {
    if (document.querySelector('.ant-message') === null) return;
    const { closeStaticMessages } = await import('../test-support/browser-stubs.ts');
    await closeStaticMessages(act);
  });
}
