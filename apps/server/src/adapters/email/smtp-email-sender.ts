import nodemailer from 'nodemailer';
import type { EmailSender, TEmailMessage } from './email-sender.ts';

/** Real delivery through an SMTP relay, configured by SMTP_URL (smtp[s]://user:pass@host:port). */
export class SmtpEmailSender implements EmailSender {
  private readonly transport: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Give up quickly: the person is waiting on the sign-in page for this answer.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
  }

  async send(message: TEmailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.attachments ? { attachments: message.attachments } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    });
  }
}
