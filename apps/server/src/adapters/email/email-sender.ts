export interface TEmailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing email (ARCHITECTURE.md "External services sit behind small adapters"). `send` resolves
 * once the message is accepted for delivery and rejects when it cannot be; callers treat a rejection
 * as "the person will not get this email".
 */
export interface EmailSender {
  send(message: TEmailMessage): Promise<void>;
}
