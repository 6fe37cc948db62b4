import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import twilio from 'twilio';

/**
 * A local HTTP server speaking Twilio's Programmable Messaging API as documented
 * (https://www.twilio.com/docs/messaging/api/message-resource): HTTP Basic auth with the account SID and
 * auth token, POST /2010-04-01/Accounts/{AccountSid}/Messages.json with a form body answering 201 and
 * the message resource, GET of the same path listing messages (filter To), GET
 * /2010-04-01/Accounts/{AccountSid}.json, and error bodies `{code, message, more_info, status}`
 * (21211 invalid To, 21610 unsubscribed recipient, 20429 too many requests). It then posts the delivery
 * status to each message's StatusCallback, signed as Twilio signs (the `twilio` package's own helper).
 */
export interface TRecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

export interface TFakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messaging_service_sid: string | null;
  body: string;
  status: string;
  direction: string;
  date_created: string;
  statusCallback: string;
}

export class FakeTwilio {
  readonly requests: TRecordedRequest[] = [];
  readonly messages: TFakeTwilioMessage[] = [];
  /** Numbers answered with an error code (21211, 21610) instead of a message. */
  readonly refuse = new Map<string, number>();
  /** How many next sends to answer 429 (20429) or 503. */
  throttleNext = 0;
  /** Numbers whose message is accepted but whose answer is lost (the connection breaks). */
  readonly dropAnswerFor = new Set<string>();
  unavailableNext = 0;
  private server: Server | null = null;
  base = '';

  constructor(
    readonly accountSid: string,
    readonly authToken: string,
    private readonly now: () => Date,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body, drop }) => {
        if (drop) {
          req.socket.destroy(); // accepted, but the answer never reaches the caller
          return;
        }
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as { port: number };
    this.base = `http://127.0.0.1:${address.port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private error(status: number, code: number, message: string) {
    return {
      status,
      body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown; drop?: boolean }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    const form = Object.fromEntries(new URLSearchParams(raw));
    this.requests.push({
      method: req.method ?? '',
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form,
    });
    const expectedAuth = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expectedAuth) return this.error(401, 20003, 'Authenticate');
    const account = `/2010-04-01/Accounts/${this.accountSid}`;
    if (req.method === 'GET' && url.pathname === `${account}.json`)
      return { status: 200, body: { sid: this.accountSid, status: 'active', friendly_name: 'test' } };
    if (url.pathname !== `${account}/Messages.json`)
      return this.error(404, 20404, 'The requested resource was not found');
    if (req.method === 'GET') {
      const to = url.searchParams.get('To');
      const list = this.messages.filter((m) => !to || m.to === to).reverse();
      return {
        status: 200,
        body: {
          messages: list.map(({ statusCallback: _, ...m }) => m),
          page: 0,
          page_size: Number(url.searchParams.get('PageSize') ?? 50),
        },
      };
    }
    if (req.method !== 'POST') return this.error(405, 20004, 'Method not allowed');
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return this.error(400, 21620, 'Invalid media type');
    if (this.throttleNext > 0) {
      this.throttleNext -= 1;
      return this.error(429, 20429, 'Too Many Requests');
    }
    if (this.unavailableNext > 0) {
      this.unavailableNext -= 1;
      return this.error(503, 20503, 'Service unavailable');
    }
    if (!form.To) return this.error(400, 21604, "A 'To' phone number is required.");
    if (!form.From && !form.MessagingServiceSid)
      return this.error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
    if (!form.Body) return this.error(400, 21602, 'Message body is required.');
    const refused = this.refuse.get(form.To);
    if (refused === 21211) return this.error(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
    if (refused === 21610) return this.error(400, 21610, 'Attempt to send to unsubscribed recipient');
    const message: TFakeTwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      to: form.To,
      from: form.From ?? null,
      messaging_service_sid: form.MessagingServiceSid ?? null,
      body: form.Body,
      status: 'queued',
      direction: 'outbound-api',
      date_created: this.now().toUTCString(),
      statusCallback: form.StatusCallback ?? '',
    };
    this.messages.push(message);
    if (this.dropAnswerFor.delete(form.To)) return { status: 201, body: null, drop: true };
    const { statusCallback: _, ...resource } = message;
    return { status: 201, body: { ...resource, account_sid: this.accountSid, num_segments: '1' } };
  }

  /** Posts each message's status callback, signed, as Twilio does when the carrier reports; answers the statuses. */
  async postCallbacks(status: (m: TFakeTwilioMessage) => { MessageStatus: string; ErrorCode?: string }) {
    const answers: number[] = [];
    for (const callback of this.callbacks(status)) {
      const res = await fetch(callback.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': callback.signature },
        body: new URLSearchParams(callback.params).toString(),
      });
      await res.arrayBuffer();
      answers.push(res.status);
    }
    return answers;
  }

  /**
   * A text from `from` to the number, posted to the number's "A message comes in" webhook (`url`, the
   * full public address Twilio signs) with X-Twilio-Signature made by Twilio's helper; answers the status
   * and the TwiML the product replied with.
   */
  async inbound(url: string, from: string, body: string, to = '') {
    const params: Record<string, string> = {
      AccountSid: this.accountSid,
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      SmsSid: '',
      From: from,
      To: to,
      Body: body,
      NumMedia: '0',
      ApiVersion: '2010-04-01',
    };
    params.SmsSid = params.MessageSid!;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(this.authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    return { status: res.status, twiml: await res.text() };
  }

  /** The status callbacks Twilio would post now: URL, params and X-Twilio-Signature (Twilio's helper). */
  callbacks(status: (m: TFakeTwilioMessage) => { MessageStatus: string; ErrorCode?: string }) {
    return this.messages.map((m) => {
      const params: Record<string, string> = {
        AccountSid: this.accountSid,
        MessageSid: m.sid,
        SmsSid: m.sid,
        To: m.to,
        From: m.from ?? '',
        ApiVersion: '2010-04-01',
        ...status(m),
      };
      return {
        url: m.statusCallback,
        params,
        signature: twilio.getExpectedTwilioSignature(this.authToken, m.statusCallback, params),
      };
    });
  }
}
