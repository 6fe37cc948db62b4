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
  /** Where the provider posts delivery statuses; carries `ref=<reference>` (Twilio keeps no client reference). */
  statusCallback: string;
  /** Our idempotency reference: `c<campaignId>:<phone>`. */
  reference: string;
}

/** What a resumed send knows of a message whose answer was lost: to look it up at the provider. */
export interface TSentLookup {
  reference: string;
  to: string;
  body: string;
  /** The campaign's sending began at or after this instant (messages before it are other campaigns'). */
  since: Date;
}

export interface SmsSender {
  /** 'twilio' or 'local': shown on the admin panel's provider status. */
  readonly provider: 'twilio' | 'local';
  send(message: TOutgoingSms): Promise<{ sid: string; status: 'queued' | 'sent' }>;
  findByReference(lookup: TSentLookup): Promise<{ sid: string } | null>;
  /** A live check for the admin panel: does the provider answer with these credentials? */
  check(): Promise<{ ok: boolean; detail: string }>;
}

/**
 * The provider refused or could not be reached; `permanent` for the recipient (bad number, blocked).
 * `optedOut`: the number has opted out at the provider (Twilio 21610), so it is marked opted out here.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly optedOut = false,
    readonly code?: number,
    /** No answer came (the connection broke): the provider may have accepted it; look it up before resending. */
    readonly ambiguous = false,
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

/** The reference a status callback URL carries (`?ref=c12:+15551234567`), or null. */
export function referenceOfCallback(url: string): { campaignId: number; phone: string } | null {
  const query = url.indexOf('?');
  if (query < 0) return null;
  const ref = new URLSearchParams(url.slice(query + 1)).get('ref');
  const match = ref ? /^c(\d{1,12}):(\+\d{6,16})$/.exec(ref) : null;
  return match ? { campaignId: Number(match[1]), phone: match[2]! } : null;
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com, or a local server speaking its protocol (tests), or a regional edge. */
  apiBase?: string;
  /** Sends with this Messaging Service instead of the `from` number the caller gives. */
  messagingServiceSid?: string;
  /** Waits before each retry of a 429 or 5xx (bounded: one retry per entry). */
  retryDelaysMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [500, 1_000, 2_000];
/** Twilio error codes this adapter reads: https://www.twilio.com/docs/api/errors */
const TWILIO_OPTED_OUT = 21610;
const TWILIO_TOO_MANY_REQUESTS = 20429;

/**
 * Twilio's Programmable Messaging over HTTP (SMS_PROVIDER=twilio): POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json with To, From (or MessagingServiceSid), Body and
 * StatusCallback, HTTP Basic auth with the account SID and auth token. A 429 (error 20429) or 5xx is
 * retried with growing waits, a bounded number of times; 21610 (the recipient replied STOP to this
 * sender) marks the customer opted out and is never retried; any other 4xx (21211 invalid number) fails
 * that recipient only.
 */
export class TwilioSmsSender implements SmsSender {
  readonly provider = 'twilio' as const;
  private readonly base: string;
  private readonly delays: readonly number[];
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TwilioOptions) {
    this.base = (options.apiBase ?? 'https://api.twilio.com').replace(/\/$/, '');
    this.delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private auth() {
    return `Basic ${Buffer.from(`${this.options.accountSid}:${this.options.authToken}`).toString('base64')}`;
  }

  private messagesUrl() {
    return `${this.base}/2010-04-01/Accounts/${encodeURIComponent(this.options.accountSid)}/Messages.json`;
  }

  async send(message: TOutgoingSms) {
    const body = new URLSearchParams({ To: message.to, Body: message.body, StatusCallback: message.statusCallback });
    if (this.options.messagingServiceSid) body.set('MessagingServiceSid', this.options.messagingServiceSid);
    else body.set('From', message.from);
    for (let attempt = 0; ; attempt += 1) {
      let res: Response;
      try {
        res = await fetch(this.messagesUrl(), {
          method: 'POST',
          headers: {
            authorization: this.auth(),
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body,
        });
      } catch (error) {
        // Not retried: the request may have reached Twilio; the resumed send looks it up first.
        throw new SmsSendError(`provider unreachable: ${(error as Error).message}`, false, false, undefined, true);
      }
      const json = (await res.json().catch(() => ({}))) as {
        sid?: string;
        status?: string;
        message?: string;
        code?: number;
      };
      if (res.ok && json.sid)
        return { sid: json.sid, status: json.status === 'sent' ? ('sent' as const) : ('queued' as const) };
      const retryable = res.status === 429 || res.status >= 500 || json.code === TWILIO_TOO_MANY_REQUESTS;
      if (retryable && attempt < this.delays.length) {
        await this.sleep(this.delays[attempt]!);
        continue;
      }
      const text = json.message ?? `provider answered ${res.status}`;
      if (json.code === TWILIO_OPTED_OUT) throw new SmsSendError(text, true, true, json.code);
      throw new SmsSendError(text, !retryable && res.status >= 400 && res.status < 500, false, json.code);
    }
  }

  /**
   * Was this message accepted before our answer was lost? Twilio stores no client reference, so this
   * lists the messages to the number (newest first) and takes one created since the campaign started
   * sending with the same body: our reference is only in its StatusCallback URL, which Twilio does not
   * return. A provider that cannot answer makes the lookup fail (the send stops, nobody is texted twice).
   */
  async findByReference(lookup: TSentLookup): Promise<{ sid: string } | null> {
    const query = new URLSearchParams({ To: lookup.to, PageSize: '50' });
    let res: Response;
    try {
      res = await fetch(`${this.messagesUrl()}?${query}`, {
        headers: { authorization: this.auth(), accept: 'application/json' },
      });
    } catch (error) {
      throw new SmsSendError(`provider unreachable: ${(error as Error).message}`, false);
    }
    if (!res.ok) throw new SmsSendError(`provider answered ${res.status} to a message lookup`, false);
    const json = (await res.json()) as {
      messages?: Array<{ sid: string; body: string; date_created: string | null; direction?: string }>;
    };
    const found = (json.messages ?? []).find(
      (m) =>
        m.body === lookup.body &&
        (m.direction ?? 'outbound-api').startsWith('outbound') &&
        m.date_created !== null &&
        Date.parse(m.date_created) >= lookup.since.getTime() - 1000,
    );
    return found ? { sid: found.sid } : null;
  }

  /** GET the account resource: 200 means the credentials work; nothing secret is reported. */
  async check() {
    try {
      const res = await fetch(`${this.base}/2010-04-01/Accounts/${encodeURIComponent(this.options.accountSid)}.json`, {
        headers: { authorization: this.auth(), accept: 'application/json' },
      });
      return res.ok ? { ok: true, detail: 'answered' } : { ok: false, detail: `answered ${res.status}` };
    } catch (error) {
      return { ok: false, detail: `unreachable: ${(error as Error).message}` };
    }
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
  readonly provider = 'local' as const;
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

  async check() {
    return { ok: true, detail: 'local stand-in' };
  }

  async findByReference({ reference }: TSentLookup) {
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
