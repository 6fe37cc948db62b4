import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { count, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { localSmsMessages } from '../../db/schema/local-providers.ts';
import type { Clock } from '../../lib/clock.ts';
import { noHoldPoints, type HoldPoints } from '../../lib/hold-points.ts';

/**
 * The SMS adapter (issue 12): shaped like Twilio's Messages resource. `send` is a POST of To, From,
 * Body and StatusCallback to /2010-04-01/Accounts/{AccountSid}/Messages.json answering a message SID
 * and status; the provider later POSTs the delivery status (MessageSid, MessageStatus, ErrorCode) to
 * the StatusCallback, signed with X-Twilio-Signature. `findByReference` lets a resumed send ask whether a
 * message whose result was never recorded (a crash between the provider call and the database write)
 * went out, so no recipient is sent twice or skipped.
 */
export interface TOutgoingSms {
  to: string;
  from: string;
  body: string;
  statusCallback: string;
  /** Our idempotency reference: `c<campaignId>:<phone>`. */
  reference: string;
}

export interface SmsSender {
  send(message: TOutgoingSms): Promise<{ sid: string; status: 'queued' | 'sent' }>;
  findByReference(reference: string): Promise<{ sid: string } | null>;
}

/** The provider refused or could not be reached; `permanent` for the recipient (bad number, blocked). */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * Twilio's request signature: HMAC-SHA1 with the auth token over the full URL followed by every POST
 * parameter's name and value, sorted by name, in base64.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The real provider over HTTP (used when SMS_PROVIDER=twilio is configured by the deployment). */
export class TwilioSmsSender implements SmsSender {
  constructor(
    private readonly accountSid: string,
    private readonly authToken: string,
    private readonly baseUrl = 'https://api.twilio.com',
  ) {}

  private auth() {
    return `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
  }

  async send(message: TOutgoingSms) {
    const body = new URLSearchParams({
      To: message.to,
      From: message.from,
      Body: message.body,
      StatusCallback: message.statusCallback,
    });
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/2010-04-01/Accounts/${this.accountSid}/Messages.json`, {
        method: 'POST',
        headers: { authorization: this.auth(), 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    } catch (error) {
      throw new SmsSendError(`provider unreachable: ${(error as Error).message}`, false);
    }
    const json = (await res.json().catch(() => ({}))) as {
      sid?: string;
      status?: string;
      message?: string;
      code?: number;
    };
    if (!res.ok || !json.sid) {
      // 4xx about the number (21211 invalid, 21610 unsubscribed) is the recipient's; 5xx and 429 are ours.
      throw new SmsSendError(
        json.message ?? `provider answered ${res.status}`,
        res.status >= 400 && res.status < 500 && res.status !== 429,
      );
    }
    return { sid: json.sid, status: json.status === 'sent' ? ('sent' as const) : ('queued' as const) };
  }

  async findByReference(): Promise<{ sid: string } | null> {
    // Twilio keeps no client reference; the deployment sets the reference in the StatusCallback URL and
    // looks messages up by To and date. Not reachable without an account: treated as not sent.
    return null;
  }
}

/**
 * The local default: keeps every message it accepts in `local_sms_messages` (as a real provider keeps
 * them whatever happens to our server, so a resumed send finds a message accepted just before a crash),
 * answers delivery callbacks when asked (`pendingCallbacks`), and can be made to fail for some recipients
 * (`failFor`), as a whole (`failAll`), or to crash after a number of sends with the message accepted but
 * the answer lost (`crashAfter`, a killed server). `messages` are those this process sent (tests); the
 * hold point `sms-sent` (lib/hold-points.ts) stops a process right after the Nth message was accepted.
 */
export class LocalSmsSender implements SmsSender {
  readonly messages: Array<TOutgoingSms & { sid: string }> = [];
  private callbacks: Array<{ url: string; params: Record<string, string> }> = [];
  failFor = new Set<string>();
  failAll = false;
  crashAfter: number | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly holds: HoldPoints = noHoldPoints,
  ) {}

  async send(message: TOutgoingSms) {
    if (this.failAll) throw new SmsSendError('provider unavailable', false);
    if (this.failFor.has(message.to)) throw new SmsSendError('invalid destination number', true);
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const [row] = await this.db
      .insert(localSmsMessages)
      .values({
        sid,
        reference: message.reference,
        to: message.to,
        from: message.from,
        body: message.body,
        statusCallback: message.statusCallback,
        createdAt: this.clock.now(),
      })
      .returning({ id: localSmsMessages.id });
    this.messages.push({ ...message, sid });
    this.callbacks.push({
      url: message.statusCallback,
      params: { MessageSid: sid, MessageStatus: 'delivered', To: message.to },
    });
    await this.holds.reached('sms-sent', await this.acceptedUpTo(row!.id));
    if (this.crashAfter !== null) {
      this.crashAfter -= 1;
      if (this.crashAfter <= 0) {
        this.crashAfter = null;
        throw new Error('simulated crash after the provider accepted the message');
      }
    }
    return { sid, status: 'queued' as const };
  }

  /** How many messages the provider had accepted up to and including message `id`. */
  private async acceptedUpTo(id: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(localSmsMessages).where(lte(localSmsMessages.id, id));
    return row?.n ?? 0;
  }

  async findByReference(reference: string) {
    const [found] = await this.db
      .select({ sid: localSmsMessages.sid })
      .from(localSmsMessages)
      .where(eq(localSmsMessages.reference, reference))
      .limit(1);
    return found ? { sid: found.sid } : null;
  }

  /** The delivery callbacks the provider would post, taken once. */
  takeCallbacks() {
    const taken = this.callbacks;
    this.callbacks = [];
    return taken;
  }
}
