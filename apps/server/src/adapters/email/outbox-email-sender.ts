import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import type { EmailSender, TEmailMessage } from './email-sender.ts';

/**
 * The local default: the message lands in the email_outbox table and the server log, where a developer
 * reads sign-in codes. With `fail` it rejects like an unreachable mail server, so the "could not send"
 * path can be exercised without one (ARCHITECTURE.md: the default must behave like the real thing).
 */
export class OutboxEmailSender implements EmailSender {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly fail: boolean,
    private readonly clock: Clock,
  ) {}

  async send(message: TEmailMessage): Promise<void> {
    if (this.fail) throw new Error('email delivery failed (EMAIL_FAIL is set)');
    await this.db.insert(emailOutbox).values({
      to: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: this.clock.now(),
      sentAt: this.clock.now(),
    });
    this.log.info(
      {
        email: {
          to: message.to,
          subject: message.subject,
          attachments: message.attachments?.map((a) => `${a.filename} (${a.content.length} bytes)`),
          headers: message.headers,
        },
      },
      `email (outbox):\n${message.text}`,
    );
  }
}
