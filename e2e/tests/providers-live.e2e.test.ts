import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { BUSINESS_MESSAGES } from '@ra/shared/business/business.messages';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import { FakeStripe } from '../../apps/server/test/fake-stripe.ts';
import { FakeTwilio } from '../../apps/server/test/fake-twilio.ts';
import { FakeDoorDash, FakeUberEats, verifyDoorDashJwt } from '../../apps/server/test/fake-platforms.ts';
import { bundleServer } from '../../apps/server/test/bundle-server.ts';
import { freePort } from '../../apps/server/test/free-port.ts';
import { launchBrowser, newPage, shot } from '../support/browser.ts';

/**
 * Issue 20 "Done when": with the provider variables pointed at local servers speaking each provider's
 * protocol (the fakes of apps/server/test), every flow works from the UI as it does on the stand-ins.
 * This suite starts those fakes and its OWN product server (built fresh, a fresh embedded database,
 * SMS_PROVIDER=twilio, PAYMENTS_PROVIDER=stripe, the Uber Eats and DoorDash credentials), so the shared
 * demo server and the other suites are untouched, and walks in a real browser:
 * - the bank account linked as a Stripe customer's us_bank_account SetupIntent and verified with the two
 *   micro-deposit amounts, after one wrong reading;
 * - an SMS campaign submitted, approved by an agent, charged once on Stripe, texted through Twilio,
 *   delivered by Twilio's signed status callbacks, and a signed STOP reply opting a customer out;
 * - a second account verified with the descriptor code Stripe answers for it (the other verification form);
 * - Stripe's payment_intent.payment_failed, signed with the SDK's generateTestHeaderString, shown on the
 *   campaign after a reload ("Payment failed, please try again later"); one signed with another secret refused;
 * - a POS card order whose payment id is a Stripe PaymentIntent refunded from Transactions (POST /v1/refunds);
 * - Uber Eats connected by store id with client credentials, the menu published, an order webhook
 *   signed by Uber arriving as an order, and busy mode pausing the store at Uber;
 * - DoorDash: the demo's simulated store labelled "Simulator" (not "Live API") though DoorDash's
 *   credentials are set, disconnected, the live store connected with a DD-JWT-V1 token, tested, the menu
 *   refused on the page first then published, paused and resumed at DoorDash, an order webhook with the
 *   subscription's token stored once across a redelivery, and disconnected.
 * Each step asserts what the provider's fake received.
 */

const repoRoot = resolve(import.meta.dirname, '..', '..');
const serverBuild = join(repoRoot, 'apps', 'server', 'dist', `.e2e-providers-${process.pid}`);
const STRIPE_KEY = 'sk_test_e2e_live_providers_01';
const TWILIO_SID = `AC${'e2e0'.repeat(8)}`;
const TWILIO_TOKEN = 'twilio-auth-token-e2e-0123456789';
const TWILIO_FROM = '+15005550006';
const UBER_ID = 'uber-client-e2e';
const UBER_SECRET = 'uber-client-secret-e2e-0123456789';
const UBER_STORE = 'uber-store-harbor';
const DD_STORE = 'dd-store-harbor';
const STRIPE_CUSTOMER = 'cus_HarborLive01';
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_live_providers';
/** An account Stripe verifies with a descriptor code (SM11AA in test mode) instead of two amounts. */
const DESCRIPTOR_ACCOUNT = '000987654321';

const clockNow = () => new Date(inject('clockNow'));
const stripe = new FakeStripe(STRIPE_KEY);
const twilio = new FakeTwilio(TWILIO_SID, TWILIO_TOKEN, clockNow);
const uber = new FakeUberEats(UBER_ID, UBER_SECRET);
const doordash = new FakeDoorDash(
  'dd-developer-e2e',
  'dd-key-e2e',
  Buffer.from('doordash-signing-secret-e2e-32by').toString('base64url'),
  'dd-webhook-token-e2e',
);

let child: ChildProcess | undefined;
let output = '';
let base = '';
let dataDir = '';
let browser: Browser;

async function startProductServer(): Promise<void> {
  const [stripeBase, twilioBase, uberBase, ddBase] = await Promise.all([
    stripe.start(),
    twilio.start(),
    uber.start(),
    doordash.start(),
  ]);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'ra-e2e-providers-'));
  // The server built now into a folder of this run's own (esbuild, a few seconds): the code under test,
  // where apps/server/dist may be missing (CI builds only the web app) or older than the source, and a
  // built server starts much faster than one under tsx.
  child = spawn(process.execPath, [bundleServer(serverBuild)], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      WEB_DIST_DIR: join(repoRoot, 'apps', 'web', 'dist'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-providers-secret-0123456789abcdef',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CLOCK_NOW: inject('clockNow'),
      SEED_ORDER_DAYS: '1',
      // Twilio signs the full URL it calls: the public address is this server's.
      APP_URL: base,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM,
      TWILIO_API_BASE: twilioBase,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripeBase,
      UBER_EATS_CLIENT_ID: UBER_ID,
      UBER_EATS_CLIENT_SECRET: UBER_SECRET,
      UBER_EATS_API_BASE: uberBase,
      UBER_EATS_AUTH_URL: `${uberBase}/oauth/v2/token`,
      DOORDASH_DEVELOPER_ID: doordash.developerId,
      DOORDASH_KEY_ID: doordash.keyId,
      DOORDASH_SIGNING_SECRET: doordash.signingSecret,
      DOORDASH_WEBHOOK_TOKEN: doordash.webhookToken,
      DOORDASH_API_BASE: ddBase,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = performance.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output.slice(-4000)}`);
    const res = await fetch(`${base}/api/readyz`).catch(() => undefined);
    if (res) await res.arrayBuffer();
    if (res?.status === 200) return;
    if (performance.now() > deadline) throw new Error(`the server did not start:\n${output.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  // Harbor's owner is a customer at Stripe; Stripe's test mode lands micro-deposits at once.
  stripe.customers.add(STRIPE_CUSTOMER);
  stripe.arrivalDate = Math.floor(clockNow().getTime() / 1000) - 60;
  uber.addStore(UBER_STORE, 'Harbor Bistro (Uber Eats)');
  doordash.addStore(DD_STORE, 'Harbor Bistro (DoorDash)');
  stripe.descriptorCodeAccounts.add(DESCRIPTOR_ACCOUNT);
  await startProductServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  await Promise.all([stripe.stop(), twilio.stop(), uber.stop(), doordash.stop()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  rmSync(serverBuild, { recursive: true, force: true });
});

/** Signs in through the API and opens `path` with the session cookies the sign-in form leaves. */
async function signInTo(page: Page, email: string, path: string): Promise<void> {
  const api = page.context().request;
  const signin = await api.post(`${base}/api/account/signin`, {
    data: { email, password: 'demo1234', cid: -1, emailVerificationCodeNumber: '' },
  });
  const first = (await signin.json()) as { token?: string };
  if (!first.token) throw new Error(`sign-in of ${email}: ${signin.status()}`);
  const acquired = await api.post(`${base}/api/account/acquireToken`, {
    data: { oldjwtToken: first.token },
    headers: { Authorization: first.token },
  });
  const { token } = (await acquired.json()) as { token?: string };
  if (!token) throw new Error(`token for ${email}: ${acquired.status()}`);
  const info = await api.get(`${base}/api/api/getUserInfo`, { headers: { Authorization: token } });
  const { isLeaf } = (await info.json()) as { isLeaf?: boolean };
  const cookie = { domain: '127.0.0.1', path: '/', sameSite: 'Strict' as const };
  await page.context().addCookies([
    { name: 'Admin-Token', value: token, ...cookie },
    { name: 'currentAccount', value: email, ...cookie },
    { name: 'isLeaf', value: String(isLeaf ?? true), ...cookie },
  ]);
  await page.goto(`${base}${path}`);
  const pathname = new URL(path, base).pathname;
  await page.waitForURL((u) => u.pathname === pathname, { timeout: 30_000 });
}

const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text });
const DESKTOP = { width: 1440, height: 900 };

/** A call to the product's API with the page's session (the setup a POS or an earlier screen would do). */
async function apiAs<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  const res = await page
    .context()
    .request.fetch(`${base}${path}`, { method, headers: { Authorization: token }, data: data as object });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Stripe posts an event to the webhook endpoint, signed by the official SDK's test helper. */
async function stripeEvent(type: string, object: Record<string, unknown>, secret = STRIPE_WEBHOOK_SECRET) {
  const created = Math.floor(clockNow().getTime() / 1000);
  const payload = JSON.stringify({
    id: `evt_${type.replace(/\W/g, '_')}`,
    object: 'event',
    type,
    created,
    data: { object },
  });
  const signature = new Stripe('sk_test_signer').webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: created,
  });
  const res = await fetch(`${base}/api/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * On the bank tab as the owner: removes the verified account (with its confirmation) and links a checking
 * account with `accountNumber` at Stripe's customer; `shotName` photographs the filled form first.
 */
async function relinkBank(page: Page, accountNumber: string, shotName?: string) {
  await signInTo(page, 'owner@demo.test', '/businessInfo/index?tab=bank');
  const status = page.getByTestId('bank-status');
  // The account before (the demo's, verified on the local stand-in) is removed first, with a confirmation.
  await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('Verified');
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Reset' }).click();
  const form = page.locator('[role="tabpanel"][aria-hidden="false"]');
  await form.getByLabel('Account holder name').waitFor({ timeout: 30_000 });
  await form.getByLabel('Account holder name').fill('Harbor Bistro LLC');
  await form.getByLabel('Account type').click();
  await page.locator('.ant-select-item-option[title="Checking"]').click();
  await form.getByLabel('Routing number').fill('011000015');
  await form.getByLabel('Account number', { exact: true }).fill(accountNumber);
  await form.getByLabel('Payment provider customer ID').fill(STRIPE_CUSTOMER);
  if (shotName) await shot(page, shotName);
  await form.getByRole('button', { name: 'Link bank account' }).click();
  return { status, form };
}

describe('the product on real providers’ protocols (Stripe, Twilio, Uber Eats, DoorDash fakes)', () => {
  it('the owner links the bank account as a Stripe SetupIntent and verifies it with the two micro-deposits, after a wrong try', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      const { status, form } = await relinkBank(page, '000123456789', 'providers-live-bank-link-en');
      // Stripe's arrival date has passed (test mode): the page asks for the amounts at once.
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('Waiting for verification');
      expect(await page.getByTestId('bank-outbox').count()).toBe(0); // no simulated statement on Stripe

      // What Stripe was asked: the customer checked, a us_bank_account SetupIntent with micro-deposits.
      expect(stripe.requests.some((r) => r.method === 'GET' && r.path === `/v1/customers/${STRIPE_CUSTOMER}`)).toBe(
        true,
      );
      const setup = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/setup_intents');
      expect(setup?.authorization).toBe(`Bearer ${STRIPE_KEY}`);
      expect(setup?.form).toMatchObject({
        customer: STRIPE_CUSTOMER,
        'payment_method_data[type]': 'us_bank_account',
        'payment_method_data[us_bank_account][routing_number]': '011000015',
        'payment_method_data[us_bank_account][account_number]': '000123456789',
        'payment_method_options[us_bank_account][verification_method]': 'microdeposits',
      });
      const [intent] = [...stripe.setupIntents.values()];

      await form.getByLabel('Deposit 1').fill('0.12');
      await form.getByLabel('Deposit 2').fill('0.34');
      await form.getByRole('button', { name: 'Verify' }).click();
      await expect
        .poll(() => form.locator('.ant-alert-error').innerText(), { timeout: 30_000 })
        .toContain(BUSINESS_MESSAGES['business.depositsWrong'].en);
      expect(await form.locator('.ant-alert-error').innerText()).toContain('2 tries left.');
      expect(await status.innerText()).toBe('Waiting for verification');
      await shot(page, 'providers-live-bank-wrong-en');

      await form.getByLabel('Deposit 1').fill('0.32');
      await form.getByLabel('Deposit 2').fill('0.45');
      await form.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('Verified');
      const verifications = stripe.requests.filter(
        (r) => r.path === `/v1/setup_intents/${intent!.id}/verify_microdeposits`,
      );
      expect(verifications.map((r) => [r.form['amounts[0]'], r.form['amounts[1]']])).toEqual([
        ['12', '34'],
        ['32', '45'],
      ]);
      expect(stripe.setupIntents.get(intent!.id)?.status).toBe('succeeded');
      expect(await form.innerText()).toContain(STRIPE_CUSTOMER);
      await shot(page, 'providers-live-bank-verified-en');
    } finally {
      await context.close();
    }
  });

  it('the owner links another account that Stripe verifies with the descriptor code on the statement', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      const { status, form } = await relinkBank(page, DESCRIPTOR_ACCOUNT);
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('Waiting for verification');
      // Stripe answered microdeposit_type descriptor_code: the page asks for the code, not two amounts.
      await form.getByLabel('Descriptor code').waitFor({ timeout: 30_000 });
      expect(await form.getByLabel('Deposit 1').count()).toBe(0);
      await shot(page, 'providers-live-bank-descriptor-en');

      await form.getByLabel('Descriptor code').fill('SM11AA');
      await form.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe('Verified');
      const intent = [...stripe.setupIntents.values()].find((si) => si.descriptorCode);
      expect(intent?.status).toBe('succeeded');
      const sent = stripe.requests.filter((r) => r.path === `/v1/setup_intents/${intent!.id}/verify_microdeposits`);
      expect(sent.map((r) => r.form)).toEqual([{ descriptor_code: 'SM11AA' }]);
      expect(await form.innerText()).toContain('4321');
      await shot(page, 'providers-live-bank-descriptor-verified-en');
    } finally {
      await context.close();
    }
  });

  it('an SMS campaign is approved, charged once on Stripe, texted through Twilio, delivered, and a STOP reply opts out', async () => {
    const owner = await newPage(browser, DESKTOP);
    const agent = await newPage(browser, DESKTOP);
    const page = owner.page;
    try {
      await signInTo(page, 'owner@demo.test', '/userList/index');
      const rows = page.locator('.ant-table-tbody .ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await rows
        .filter({ hasNotText: /[王李张刘]/ })
        .first()
        .locator('.ant-checkbox-input')
        .check();
      await rows
        .filter({ hasText: /[王李张刘]/ })
        .first()
        .locator('.ant-checkbox-input')
        .check();
      await expect.poll(() => page.getByText('2 customers selected').count()).toBe(1);
      await page.getByRole('button', { name: 'Write SMS' }).click();
      await page.getByLabel('English message').fill('Harbor Bistro: live providers night, 10% off!');
      await page.getByLabel('Chinese message (optional)').fill('海港小馆：今晚九折！');
      await page.getByRole('button', { name: 'Calculate cost' }).click();
      const quote = page.getByTestId('quote');
      await expect.poll(() => quote.textContent(), { timeout: 20_000 }).toMatch(/Total \$\d+\.\d\d/);
      const total = Math.round(Number(/Total \$(\d+\.\d\d)/.exec((await quote.textContent()) ?? '')![1]) * 100);
      await page.getByRole('button', { name: 'Submit for approval' }).click();
      await expect.poll(() => toast(page, 'SMS approval submitted successfully').count(), { timeout: 20_000 }).toBe(1);

      // An agent (platform side) approves it from their home.
      await signInTo(agent.page, 'agent@demo.test', '/AgentApp');
      await agent.page.getByRole('tab', { name: 'SMS reviews' }).click();
      const review = agent.page
        .getByTestId('sms-reviews')
        .locator('.ant-table-row')
        .filter({ hasText: 'live providers night' });
      await expect.poll(() => review.count(), { timeout: 30_000 }).toBe(1);
      await review.getByRole('button', { name: 'Approve' }).click();
      await agent.page.locator('.ant-modal-footer').getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => toast(agent.page, 'Review approved').count(), { timeout: 20_000 }).toBe(1);

      // Send Now: charged on Stripe, texted through Twilio.
      await page.reload();
      const row = page.getByTestId('campaigns').locator('.ant-table-row').filter({ hasText: 'live providers night' });
      await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('Approved');
      await row.getByRole('button', { name: 'Send Now' }).click();
      const dialog = page.locator('.ant-modal-confirm');
      await expect.poll(() => dialog.textContent(), { timeout: 20_000 }).toMatch(/2 recipients and charges \$/);
      await dialog.getByRole('button', { name: /^Pay \$/ }).click();
      await expect.poll(() => toast(page, 'SMS sent to 2 users').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => twilio.messages.length, { timeout: 30_000 }).toBe(2);

      const charges = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
      expect(charges).toHaveLength(1);
      expect(charges[0]!.idempotencyKey).toMatch(/^sms-campaign-\d+$/);
      expect(charges[0]!.form).toMatchObject({ customer: STRIPE_CUSTOMER, amount: String(total), off_session: 'true' });
      expect(stripe.paymentIntents.size).toBe(1);
      const sends = twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json'));
      expect(sends.map((r) => r.form.From)).toEqual([TWILIO_FROM, TWILIO_FROM]);
      expect(new Set(twilio.messages.map((m) => m.to)).size).toBe(2);
      expect(twilio.messages.map((m) => m.body).some((b) => b.includes('海港小馆'))).toBe(true);
      for (const m of twilio.messages)
        expect(m.statusCallback.startsWith(`${base}/api/api/customers/sms/status?ref=c`)).toBe(true);

      // The carrier reports both delivered: Twilio posts the signed status callbacks.
      expect(await twilio.postCallbacks(() => ({ MessageStatus: 'delivered' }))).toEqual([204, 204]);
      await expect
        .poll(
          async () => {
            await page.reload();
            return row.textContent({ timeout: 30_000 });
          },
          { timeout: 40_000 },
        )
        .toMatch(/0 queued, 0 sent, 2 delivered, 0 failed/);
      await shot(page, 'providers-live-sms-delivered-en');

      // One of them texts STOP back: Twilio posts it, signed, to the inbound webhook.
      const phone = twilio.messages[0]!.to;
      const reply = await twilio.inbound(`${base}/api/api/customers/sms/inbound`, phone, 'STOP', TWILIO_FROM);
      expect(reply.status).toBe(200);
      // An unsigned copy changes nothing.
      const forged = await fetch(`${base}/api/api/customers/sms/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ From: twilio.messages[1]!.to, Body: 'STOP' }).toString(),
      });
      expect(forged.status).toBe(403);

      await page.getByLabel('Phone or name').fill(phone.replace(/^\+1/, ''));
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      // The customers' rows (with a checkbox), not the campaigns' table below them.
      const found = rows.filter({ has: page.locator('.ant-checkbox-input') });
      await expect.poll(() => found.count(), { timeout: 30_000 }).toBe(1);
      await expect.poll(() => found.first().textContent(), { timeout: 30_000 }).toContain('Opted out');
      await found.first().locator('td button.ant-btn-link').click();
      const history = page.locator('.ant-drawer-open .ant-drawer-section').filter({ hasText: 'Opt-in history' });
      await expect.poll(() => history.textContent(), { timeout: 20_000 }).toContain('Opted out by texting “STOP”');
      await shot(page, 'providers-live-sms-stop-en');
    } finally {
      await owner.context.close();
      await agent.context.close();
    }
  }, 150_000);

  it('Stripe’s signed word that the SMS charge failed shows on the campaign after a reload, and Send Now pays again; a forged one changes nothing', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      const [charge] = [...stripe.paymentIntents.values()];
      expect(charge).toBeDefined();
      // A copy signed with another endpoint's secret is refused before anything is read.
      expect(
        await stripeEvent('payment_intent.payment_failed', { id: charge!.id, object: 'payment_intent' }, 'whsec_x'),
      ).toBe(400);
      await signInTo(page, 'owner@demo.test', '/userList/index');
      const row = page.getByTestId('campaigns').locator('.ant-table-row').filter({ hasText: 'live providers night' });
      await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/2 delivered/);
      expect(await row.textContent()).not.toContain(CUSTOMERS_MESSAGES.paymentFailed!.en);

      // The ACH debit fails days later: Stripe posts payment_intent.payment_failed, signed.
      expect(await stripeEvent('payment_intent.payment_failed', { id: charge!.id, object: 'payment_intent' })).toBe(
        200,
      );
      await page.reload();
      await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain(CUSTOMERS_MESSAGES.paymentFailed!.en);
      await shot(page, 'providers-live-stripe-payment-failed-en');

      // "Try again later": Send Now pays again, under the next idempotency key; nobody is texted twice.
      await row.getByRole('button', { name: 'Send Now' }).click();
      const dialog = page.locator('.ant-modal-confirm').filter({ hasText: 'Pay for this campaign again?' });
      await expect.poll(() => dialog.textContent(), { timeout: 20_000 }).toContain('Every message is already out');
      await shot(page, 'providers-live-stripe-pay-again-en');
      await dialog.getByRole('button', { name: /^Pay \$\d+\.\d\d again$/ }).click();
      await expect.poll(() => toast(page, 'SMS sent to 2 users').count(), { timeout: 20_000 }).toBe(1);
      const charges = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
      expect(charges.map((r) => r.idempotencyKey)).toEqual([
        charges[0]!.idempotencyKey,
        `${charges[0]!.idempotencyKey}-retry-1`,
      ]);
      expect(charges[1]!.form).toMatchObject({ customer: STRIPE_CUSTOMER, amount: String(charge!.amount) });
      expect(twilio.messages).toHaveLength(2);
      await expect
        .poll(
          async () => {
            await page.reload();
            return row.textContent({ timeout: 30_000 });
          },
          { timeout: 40_000 },
        )
        .not.toContain(CUSTOMERS_MESSAGES.paymentFailed!.en);
    } finally {
      await context.close();
    }
  });

  it('a card order paid through Stripe is refunded from Transactions with Stripe’s refund API', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInTo(page, 'owner@demo.test', '/transactions/index');
      // The POS charged the card through Stripe: its payment id is the PaymentIntent.
      const pi = 'pi_e2eHarborTable12';
      stripe.paymentIntents.set(pi, { id: pi, amount: 6533, customer: '', status: 'succeeded' });
      const at = (minutes: number) => new Date(clockNow().getTime() - minutes * 60_000).toISOString();
      await apiAs(page, 'POST', '/api/api/pos/orders', {
        posOrderId: 'STRIPE-E2E-12',
        orderNumber: 'S12',
        channel: 'dineIn',
        partySize: 2,
        status: 'closed',
        openedAt: at(70),
        closedAt: at(10),
        items: [{ posItemId: 'B-BURG', name: 'Bistro burger', category: 'Mains', quantity: 2, unitPriceCents: 2550 }],
        taxCents: 515,
        taxes: [{ name: 'Sales tax', rateBasisPoints: 1010, taxableCents: 5100, taxCents: 515 }],
        tipCents: 918,
        payments: [
          {
            posPaymentId: pi,
            method: 'card',
            cardBrand: 'visa',
            cardLast4: '4242',
            amountCents: 6533,
            tipCents: 918,
            paidAt: at(11),
          },
        ],
      });
      await page.goto(`${base}/transactions/index?method=card&q=STRIPE-E2E-12`);
      const txRow = page.locator('.ra-tx__row').first();
      await txRow.waitFor({ timeout: 30_000 });
      await txRow.click();
      const drawer = page.getByRole('dialog').first();
      const section = drawer.getByRole('region', { name: 'Refunds from the back office' });
      await expect.poll(() => section.innerText(), { timeout: 30_000 }).toContain('Left to refund');
      await section.getByRole('button', { name: 'Refund…' }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: 'What to refund' });
      await modal.waitFor();
      await modal
        .locator('label')
        .filter({ hasText: /^An amount$/ })
        .click();
      await modal.getByRole('spinbutton', { name: 'Amount' }).fill('20');
      await modal.getByRole('combobox', { name: 'Reason' }).click();
      await page
        .locator('.ant-select-item-option')
        .filter({ hasText: /^Food quality$/ })
        .click();
      await modal.getByRole('button', { name: 'Refund $20.00' }).click();
      const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'This cannot be undone' });
      await confirm.locator('.ant-btn-dangerous').click();
      await page.getByText('Refunded $20.00').first().waitFor({ timeout: 30_000 });
      await expect.poll(() => section.innerText(), { timeout: 30_000 }).toContain('-$20.00');
      await shot(page, 'providers-live-stripe-refund-en');

      const refunds = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.authorization).toBe(`Bearer ${STRIPE_KEY}`);
      expect(refunds[0]!.form).toEqual({ payment_intent: pi, amount: '2000' });
      expect(refunds[0]!.idempotencyKey).toMatch(/^office-refund-\d+-\d+$/);
      expect(stripe.refunded.get(pi)).toBe(2000);
    } finally {
      await context.close();
    }
  });

  it('the owner connects Uber Eats, publishes the menu, receives a signed order, and busy mode pauses the store', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInTo(page, 'owner@demo.test', '/thirdParty/index');
      const card = page.locator('[data-platform="ubereats"]');
      // Not connected yet: connecting goes through Uber's API, but no store is live before it is.
      await expect
        .poll(() => page.getByTestId('mode-ubereats').innerText(), { timeout: 30_000 })
        .toBe('Live API available');
      await card.getByRole('button', { name: 'Connect' }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: 'Connect Uber Eats' });
      await modal.getByTestId('connect-store-id').fill('no-such-store');
      await modal.getByRole('button', { name: 'Connect' }).click();
      await expect.poll(() => page.locator('.ant-message-notice-error').count(), { timeout: 20_000 }).toBe(1);
      await modal.getByTestId('connect-store-id').fill(UBER_STORE);
      await modal.getByRole('button', { name: 'Connect' }).click();
      await expect.poll(() => toast(page, 'Uber Eats is connected.').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => page.getByTestId('status-ubereats').innerText()).toBe('Taking orders');
      expect(await page.getByTestId('mode-ubereats').innerText()).toBe('Live API');
      // Client credentials at the token endpoint, then the store asked for with the app token.
      const token = uber.seen.find((s) => s.path === '/oauth/v2/token');
      expect(Object.fromEntries(new URLSearchParams(token?.body))).toMatchObject({
        client_id: UBER_ID,
        client_secret: UBER_SECRET,
        grant_type: 'client_credentials',
      });
      expect(uber.seen.some((s) => s.method === 'GET' && s.path === `/v1/eats/stores/${UBER_STORE}`)).toBe(true);

      await card.getByRole('button', { name: 'Test connection' }).click();
      await expect
        .poll(() => toast(page, 'Uber Eats answered: store “Harbor Bistro (Uber Eats)” is connected').count(), {
          timeout: 20_000,
        })
        .toBe(1);

      await card.getByRole('button', { name: 'Publish menu' }).click();
      await expect.poll(() => toast(page, 'The menu was published to Uber Eats.').count(), { timeout: 30_000 }).toBe(1);
      const menu = uber.menus.get(UBER_STORE) as {
        items: Array<{ id: string; title: { translations: { en_us: string } }; price_info: { price: number } }>;
        categories: unknown[];
      };
      expect(menu.categories.length).toBeGreaterThan(0);
      expect(menu.items.length).toBeGreaterThan(0);
      expect(await card.innerText()).toMatch(/items published/);

      // A customer orders on Uber: Uber posts the signed notification; the product reads and accepts it.
      const item = menu.items.find((i) => !i.id.includes('~'))!;
      const unit = item.price_info.price / 100;
      const status = await uber.notify(`${base}/api/api/delivery/webhooks/uber-eats`, UBER_STORE, {
        id: 'uber-e2e-order-1',
        placed_at: clockNow().toISOString(),
        eater: { first_name: 'Mia', last_name: 'L' },
        cart: {
          items: [
            {
              id: 'uber-line-1',
              external_data: item.id,
              title: item.title.translations.en_us,
              quantity: 2,
              price: { unit_price: { amount: unit, currency_code: 'USD' } },
            },
          ],
        },
        payment: { charges: { total: { amount: unit * 2 + 3 }, tax: { amount: 1 }, tip: { amount: 2 } } },
      });
      expect(status).toBe(200);
      expect(uber.accepted).toEqual(['uber-e2e-order-1']);
      await page.reload();
      await expect
        .poll(() => card.locator('.ant-descriptions-row', { hasText: 'Orders today' }).innerText(), {
          timeout: 30_000,
        })
        .toMatch(/Orders today\s*1$/);
      await shot(page, 'providers-live-ubereats-order-en');

      // Busy: paused for 30 minutes, at Uber too.
      await card.getByRole('button', { name: 'Pause Uber Eats' }).click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('For 30 minutes').click();
      await expect.poll(() => toast(page, 'Uber Eats is paused.').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => page.getByTestId('status-ubereats').innerText()).toBe('Paused');
      expect(uber.stores.get(UBER_STORE)).toMatchObject({ status: 'PAUSED' });
      expect(uber.stores.get(UBER_STORE)?.pausedUntil).toMatch(/^\d{4}-\d\d-\d\dT/);
      await shot(page, 'providers-live-ubereats-paused-en');
    } finally {
      await context.close();
    }
  });

  it('the owner moves DoorDash from the simulator to the live store: connect, test, publish, busy, an order once, disconnect', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    try {
      await signInTo(page, 'owner@demo.test', '/thirdParty/index');
      const card = page.locator('[data-platform="doordash"]');
      const mode = page.getByTestId('mode-doordash');
      // The demo's DoorDash store was issued by the simulator: DoorDash's credentials being set does not make it live.
      await expect.poll(() => mode.innerText(), { timeout: 30_000 }).toBe('Simulator');
      await card.getByRole('button', { name: 'Disconnect' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Disconnect' }).click();
      await expect
        .poll(() => page.getByTestId('status-doordash').innerText(), { timeout: 20_000 })
        .toBe('Not connected');
      await expect.poll(() => mode.innerText()).toBe('Live API available');
      expect(doordash.seen).toEqual([]); // the simulated store was never DoorDash's

      await card.getByRole('button', { name: 'Connect' }).click();
      const modal = page.locator('.ant-modal').filter({ hasText: 'Connect DoorDash' });
      await modal.getByTestId('connect-store-id').fill(DD_STORE);
      await modal.getByRole('button', { name: 'Connect' }).click();
      await expect.poll(() => toast(page, 'DoorDash is connected.').count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => mode.innerText()).toBe('Live API');
      const details = doordash.seen.find((s) => s.path === `/marketplace/api/v1/stores/${DD_STORE}/store_details`);
      const claims = verifyDoorDashJwt(details?.headers.authorization, doordash.signingSecret)?.claims;
      expect(claims).toMatchObject({ aud: 'doordash', iss: doordash.developerId, kid: doordash.keyId });

      await card.getByRole('button', { name: 'Test connection' }).click();
      await expect
        .poll(() => toast(page, 'DoorDash answered: store “Harbor Bistro (DoorDash)” is connected').count(), {
          timeout: 20_000,
        })
        .toBe(1);

      // The demo menu has items DoorDash refuses: nothing is sent, the problems are listed.
      await card.getByRole('button', { name: 'Publish menu' }).click();
      const problems = page.locator('.ant-modal').filter({ hasText: 'What DoorDash would refuse' });
      await problems.waitFor({ timeout: 30_000 });
      expect(doordash.menus.size).toBe(0);
      await shot(page, 'providers-live-doordash-problems-en');
      await problems.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      // The owner leaves those items out (Settings → Menu mapping), then publishes.
      const preview = await apiAs<{ problems: Array<{ itemId: string }> }>(
        page,
        'GET',
        '/api/api/delivery/platforms/doordash/menu',
      );
      const list = await apiAs<{
        platforms: Array<{ platform: string; mapping: { excludedCategories: string[]; excludedItems: string[] } }>;
      }>(page, 'GET', '/api/api/delivery/platforms');
      const mapping = list.platforms.find((p) => p.platform === 'doordash')!.mapping;
      await apiAs(page, 'PUT', '/api/api/delivery/platforms/doordash', {
        mapping: {
          ...mapping,
          excludedItems: [...new Set([...mapping.excludedItems, ...preview.problems.map((p) => p.itemId)])],
        },
      });
      await card.getByRole('button', { name: 'Publish menu' }).click();
      await expect.poll(() => toast(page, 'The menu was published to DoorDash.').count(), { timeout: 30_000 }).toBe(1);
      const [published] = [...doordash.menus.values()] as Array<{
        store: { merchant_supplied_id: string };
        menu: { categories: Array<{ items: Array<{ merchant_supplied_id: string; name: string; price: number }> }> };
      }>;
      expect(published?.store).toEqual({ merchant_supplied_id: DD_STORE });
      const items = published!.menu.categories.flatMap((c) => c.items);
      expect(items.length).toBeGreaterThan(0);

      // Busy: DoorDash's store is made inactive until the pause ends.
      await card.getByRole('button', { name: 'Pause DoorDash' }).click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('For 30 minutes').click();
      await expect.poll(() => toast(page, 'DoorDash is paused.').count(), { timeout: 20_000 }).toBe(1);
      expect(doordash.stores.get(DD_STORE)?.isActive).toBe(false);
      const status = doordash.seen.filter((s) => s.method === 'PUT' && s.path.endsWith(`/stores/${DD_STORE}/status`));
      expect(JSON.parse(status.at(-1)!.body)).toMatchObject({ is_active: false });
      await card.getByRole('button', { name: 'Resume' }).click();
      await expect.poll(() => doordash.stores.get(DD_STORE)?.isActive, { timeout: 20_000 }).toBe(true);

      // A customer orders on DoorDash: the order webhook with the subscription's token, then redelivered.
      const ordersToday = () => card.locator('.ant-descriptions-row', { hasText: 'Orders today' }).innerText();
      const before = Number(/(\d+)$/.exec(await ordersToday())![1]);
      const item = items[0]!;
      const order = {
        id: 'dd-e2e-order-1',
        store: { merchant_supplied_id: DD_STORE },
        consumer: { first_name: 'Noor', last_name: 'P' },
        categories: [
          {
            name: 'Mains',
            items: [
              {
                merchant_supplied_id: item.merchant_supplied_id,
                name: item.name,
                quantity: 1,
                price: item.price,
                extras: [],
              },
            ],
          },
        ],
        subtotal: item.price,
        tax: 100,
        tip_amount: 200,
        created_at: clockNow().toISOString(),
      };
      const webhook = `${base}/api/api/delivery/webhooks/doordash`;
      expect(await doordash.sendOrder(webhook, order)).toBe(201);
      expect(await doordash.sendOrder(webhook, order)).toBe(200); // the redelivery: a duplicate
      expect(doordash.confirmations.map((c) => c.orderId)).toContain('dd-e2e-order-1');
      await page.reload();
      await expect.poll(() => ordersToday(), { timeout: 30_000 }).toMatch(new RegExp(`Orders today\\s*${before + 1}$`));
      await shot(page, 'providers-live-doordash-order-en');

      await card.getByRole('button', { name: 'Disconnect' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Disconnect' }).click();
      await expect
        .poll(() => page.getByTestId('status-doordash').innerText(), { timeout: 20_000 })
        .toBe('Not connected');
      // A late order for the old store finds no restaurant.
      expect(await doordash.sendOrder(webhook, { ...order, id: 'dd-e2e-order-2' })).toBe(404);
    } finally {
      await context.close();
    }
  });
});
