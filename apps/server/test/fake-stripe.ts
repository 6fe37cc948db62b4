import { createServer, type IncomingMessage, type Server } from 'node:http';
import { parse } from 'node:querystring';

/**
 * A local HTTP server speaking the parts of Stripe's API the product uses, as documented
 * (https://docs.stripe.com/api): Bearer auth with the secret key, form-encoded bodies with bracketed
 * keys, Idempotency-Key replaying the first answer (409 `idempotency_key_in_use` while one is in flight,
 * simulated by `inUseNext`), errors as `{error: {type, code, message}}`: customers, setup_intents with
 * micro-deposit verification (amounts 32 and 45, or descriptor code SM11AA, as Stripe's test mode uses),
 * payment_intents (declined for a customer in `decline`), refunds (at most a known payment intent's amount;
 * `failNext` answers 500s) and balance.
 */
export interface TStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, unknown>;
}

export class FakeStripe {
  readonly requests: TStripeRequest[] = [];
  readonly customers = new Set<string>(['cus_harbor']);
  readonly setupIntents = new Map<
    string,
    { id: string; customer: string; status: string; attempts: number; pm: string; descriptorCode?: boolean }
  >();
  /** Account numbers Stripe verifies with a descriptor code (SM11AA in test mode) instead of two amounts. */
  readonly descriptorCodeAccounts = new Set<string>();
  readonly paymentIntents = new Map<string, { id: string; amount: number; customer: string; status: string }>();
  readonly decline = new Set<string>();
  /** Cents refunded so far per payment intent or charge id. */
  readonly refunded = new Map<string, number>();
  /** The next requests answer 500 (Stripe not answering); the SDK retries, so queue enough. */
  failNext = 0;
  inUseNext = 0;
  /** The `arrival_date` (Unix seconds) of new SetupIntents' micro-deposits; default 2026-03-19T12:00:00Z. */
  arrivalDate = 1773921600;
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private seq = 0;
  private server: Server | null = null;
  base = '';

  constructor(readonly secretKey: string) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.seq}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private id(prefix: string) {
    this.seq += 1;
    return `${prefix}_${String(this.seq).padStart(8, '0')}`;
  }

  private error(status: number, type: string, code: string, message: string) {
    return { status, body: { error: { type, code, message } } };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    const form = parse(raw) as Record<string, unknown>;
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      idempotencyKey: key,
      form,
    });
    if (req.headers.authorization !== `Bearer ${this.secretKey}`)
      return this.error(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided');
    if (this.failNext > 0) {
      this.failNext -= 1;
      return this.error(500, 'api_error', 'internal_error', 'Something went wrong on Stripe’s end.');
    }
    if (key && req.method === 'POST') {
      if (this.inUseNext > 0) {
        this.inUseNext -= 1;
        return this.error(
          409,
          'idempotency_error',
          'idempotency_key_in_use',
          'There is currently another in-progress request using this Idempotency Key.',
        );
      }
      const replay = this.replies.get(key);
      if (replay) return replay;
      const answer = this.route(req.method, url.pathname, form);
      this.replies.set(key, answer);
      return answer;
    }
    return this.route(req.method ?? 'GET', url.pathname, form);
  }

  private route(method: string, path: string, form: Record<string, unknown>): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/balance') return { status: 200, body: { object: 'balance', available: [] } };
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      if (!this.customers.has(m[1]!))
        return this.error(404, 'invalid_request_error', 'resource_missing', `No such customer: '${m[1]}'`);
      return { status: 200, body: { id: m[1], object: 'customer' } };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const customer = String(form.customer);
      if (!this.customers.has(customer))
        return this.error(400, 'invalid_request_error', 'resource_missing', `No such customer: '${customer}'`);
      if (form['payment_method_data[us_bank_account][account_number]'] === '000111111116')
        return this.error(402, 'invalid_request_error', 'account_closed', 'The bank account is closed.');
      const si = {
        id: this.id('seti'),
        customer,
        status: 'requires_action',
        attempts: 0,
        pm: this.id('pm'),
        descriptorCode: this.descriptorCodeAccounts.has(
          String(form['payment_method_data[us_bank_account][account_number]']),
        ),
      };
      this.setupIntents.set(si.id, si);
      return { status: 200, body: this.setupIntentBody(si) };
    }
    if (method === 'GET' && (m = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      const si = this.setupIntents.get(m[1]!);
      if (!si) return this.error(404, 'invalid_request_error', 'resource_missing', 'No such setupintent');
      return { status: 200, body: this.setupIntentBody(si) };
    }
    if (method === 'POST' && (m = /^\/v1\/setup_intents\/([^/]+)\/verify_microdeposits$/.exec(path))) {
      const si = this.setupIntents.get(m[1]!);
      if (!si) return this.error(404, 'invalid_request_error', 'resource_missing', 'No such setupintent');
      if (si.attempts >= 10)
        return this.error(
          400,
          'invalid_request_error',
          'payment_method_microdeposit_verification_attempts_exceeded',
          'You have exceeded the number of allowed verification attempts.',
        );
      if (si.descriptorCode) {
        if (form.descriptor_code !== 'SM11AA') {
          si.attempts += 1;
          return this.error(
            400,
            'invalid_request_error',
            'payment_method_microdeposit_verification_descriptor_code_mismatch',
            'The verification code provided does not match the code that was sent to the bank account.',
          );
        }
        si.status = 'succeeded';
        return { status: 200, body: this.setupIntentBody(si) };
      }
      const amounts = ([] as unknown[]).concat(form['amounts[0]'] ?? [], form['amounts[1]'] ?? []).map(Number);
      if (!(amounts.includes(32) && amounts.includes(45))) {
        si.attempts += 1;
        return this.error(
          400,
          'invalid_request_error',
          'payment_method_microdeposit_verification_amounts_mismatch',
          'The amounts provided do not match the amounts that were sent to the bank account.',
        );
      }
      si.status = 'succeeded';
      return { status: 200, body: this.setupIntentBody(si) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const customer = String(form.customer);
      if (this.decline.has(customer))
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
        };
      const pi = { id: this.id('pi'), amount: Number(form.amount), customer, status: 'processing' };
      this.paymentIntents.set(pi.id, pi);
      return { status: 200, body: { ...pi, object: 'payment_intent', currency: form.currency } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      // A charge the fake knows (a payment intent created here or put in `paymentIntents` by a test) is
      // refunded at most its amount, as Stripe refuses; an unknown one is `resource_missing`.
      const target = String(form.payment_intent ?? form.charge ?? '');
      const pi = this.paymentIntents.get(target);
      if (!pi)
        return this.error(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${target}'`);
      const amount = Number(form.amount ?? pi.amount);
      const done = this.refunded.get(target) ?? 0;
      if (done >= pi.amount)
        return this.error(400, 'invalid_request_error', 'charge_already_refunded', 'Charge has already been refunded.');
      if (done + amount > pi.amount)
        return this.error(
          400,
          'invalid_request_error',
          'amount_too_large',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((pi.amount - done) / 100).toFixed(2)})`,
        );
      this.refunded.set(target, done + amount);
      return {
        status: 200,
        body: { id: this.id('re'), object: 'refund', amount, payment_intent: target, status: 'succeeded' },
      };
    }
    return this.error(
      404,
      'invalid_request_error',
      'resource_missing',
      `Unrecognized request URL (${method}: ${path})`,
    );
  }

  private setupIntentBody(si: { id: string; customer: string; status: string; pm: string; descriptorCode?: boolean }) {
    return {
      id: si.id,
      object: 'setup_intent',
      customer: si.customer,
      status: si.status,
      payment_method: si.pm,
      next_action:
        si.status === 'requires_action'
          ? {
              type: 'verify_with_microdeposits',
              verify_with_microdeposits: {
                arrival_date: this.arrivalDate,
                hosted_verification_url: `https://payments.stripe.com/microdeposit/${si.id}`,
                microdeposit_type: si.descriptorCode ? 'descriptor_code' : 'amounts',
              },
            }
          : null,
    };
  }
}
