export interface TEmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface TEmailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (reports by email). */
  html?: string;
  attachments?: TEmailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Outgoing email (ARCHITECTURE.md "External services sit behind small adapters"). `send` resolves
 * once the message is accepted for delivery and rejects when it cannot be; callers treat a rejection
 * as "the person will not get this email".
 */
export interface EmailSender {
  send(message: TEmailMessage): Promise<void>;
}
