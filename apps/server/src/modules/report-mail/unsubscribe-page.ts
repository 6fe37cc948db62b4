import { REPORT_MAIL_UNSUBSCRIBE_PATH } from '@ra/shared/report-mail/report-mail.schemas';

/**
 * The page behind an email's unsubscribe link, in both languages (the person is not signed in and the
 * server does not know their language here): a button that POSTs, then a confirmation.
 */
export function unsubscribePage(step: 'confirm' | 'done', s: string, t: string): string {
  const body =
    step === 'confirm'
      ? `<h1>Unsubscribe from this report? · 退订此报表？</h1>
<form method="post" action="${REPORT_MAIL_UNSUBSCRIBE_PATH}?s=${encodeURIComponent(s)}&amp;t=${encodeURIComponent(t)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font-size:16px;padding:10px 20px">Unsubscribe · 退订</button></form>`
      : `<h1>You are unsubscribed · 已退订</h1><p>You will not receive this report any more. · 您将不再收到此报表。</p>`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Restaurant Admin</title></head><body style="font-family:sans-serif;max-width:480px;margin:40px auto;padding:0 16px">${body}</body></html>`;
}
