import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EmailSender } from './email-sender.ts';
import { OutboxEmailSender } from './outbox-email-sender.ts';
import { SmtpEmailSender } from './smtp-email-sender.ts';

export function createEmailSender(
  config: AppConfig['email'],
  db: Database,
  log: FastifyBaseLogger,
  clock: Clock,
): EmailSender {
  if (config.smtpUrl) return new SmtpEmailSender(config.smtpUrl, config.from);
  return new OutboxEmailSender(db, log, config.fail, clock);
}
