import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach } from 'vitest';
import { openPages } from './browser.ts';

const failureDir = resolve(import.meta.dirname, '..', 'output', 'failures');

/** What a person would read on a page to tell what went wrong: dialogs, messages, alerts, field errors. */
const FEEDBACK =
  '[role="dialog"], [role="alert"], .ant-message, .ant-notification, .ant-alert, .ant-form-item-explain-error, .ant-result';

/**
 * When a browser test fails, each page it left open is photographed (output/failures) and its address
 * and visible feedback go into the log, so a failure on a CI machine can be read from the log alone.
 */
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail' || openPages.size === 0) return;
  mkdirSync(failureDir, { recursive: true });
  const slug = task.name.replace(/[^\w]+/g, '-').slice(0, 80);
  let n = 0;
  for (const page of openPages) {
    n += 1;
    try {
      await page.screenshot({ path: join(failureDir, `${slug}-${n}.png`), timeout: 5_000 });
      const feedback = await page.locator(FEEDBACK).evaluateAll((els) =>
        els
          .filter((e) => (e as HTMLElement).offsetParent !== null || getComputedStyle(e).position === 'fixed')
          .map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim())
          .filter(Boolean),
      );
      console.log(
        `[failed test page ${n}] ${page.url()}\n` +
          (feedback.length
            ? feedback.map((f) => `  · ${f.slice(0, 300)}`).join('\n')
            : '  (no dialog, message or error on screen)'),
      );
    } catch (error) {
      console.log(`[failed test page ${n}] could not be read: ${(error as Error).message.split('\n')[0]}`);
    }
  }
});
