import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCampaignList,
  ZCampaignQuote,
  ZCampaignRequest,
  ZCampaignSendAnswer,
  ZCampaignSubmitted,
  ZCustomerCount,
  ZCustomerDetail,
  ZCustomerFilter,
  ZCustomerNameLookup,
  ZCustomerNameMatches,
  ZCustomerList,
  ZCustomerListQuery,
  ZCustomerSettings,
  ZCustomerSettingsRequest,
  ZCustomersIdParams,
  ZMessageAnswer,
  ZRecipientList,
  ZRecipientListQuery,
  ZReviewListQuery,
  ZReviewRequest,
  ZSmsPricingRequest,
  ZSmsPricingView,
  ZOwnCampaignList,
} from '@ra/shared/customers/customers.schemas';
import { authOf } from '../../plugins/access-control.ts';
import { AppError } from '../../lib/errors.ts';
import { CUSTOMERS_MESSAGES } from '@ra/shared/customers/customers.messages';
import type { CampaignsService } from './campaigns.service.ts';
import type { SmsWebhooksService } from './sms-webhooks.service.ts';
import type { CustomersService } from './customers.service.ts';
import { verifyTwilioSignature } from './sms-sender.ts';

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const restaurant = { access: { kind: 'restaurant' } } as const;

export interface TCustomersRouteDeps {
  customers: CustomersService;
  campaigns: CampaignsService;
  smsWebhooks: SmsWebhooksService;
  /** The provider's auth token, for X-Twilio-Signature on the webhooks. */
  smsAuthToken: string;
  /** The public base URL the provider calls (the signature covers the full URL); else from the request. */
  publicUrl?: string;
  onSettingsSaved(restaurantId: number): Promise<unknown>;
  audit(tx: unknown, entry: { restaurantId: number; userId: number; before: number; after: number }): Promise<void>;
}

export function customersRoutes(deps: TCustomersRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The provider posts form-encoded webhooks (Twilio's shape); only this module's routes read them.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_r, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    app.get('/api/api/customers', {
      schema: {
        tags: ['customers'],
        summary:
          'The customer list: range, filters, sort and server paging; one page and whether more follow (owners, agents and admins)',
        querystring: ZCustomerListQuery,
        response: { 200: ZCustomerList },
      },
      config: restaurant,
      handler: (request) => deps.customers.list(authOf(request), request.query),
    });

    app.get('/api/api/customers/count', {
      schema: {
        tags: ['customers'],
        summary: 'How many customers match the filters, up to 10,000 (then totalCapped); asked beside the list page',
        querystring: ZCustomerFilter,
        response: { 200: ZCustomerCount },
      },
      config: restaurant,
      handler: (request) => deps.customers.count(authOf(request), request.query),
    });

    app.get('/api/api/customers/settings', {
      schema: {
        tags: ['customers'],
        summary: 'The points rule',
        response: { 200: ZCustomerSettings },
      },
      config: restaurant,
      handler: (request) => deps.customers.settings(authOf(request)),
    });

    app.put('/api/api/customers/settings', {
      schema: {
        tags: ['customers'],
        summary: 'Set the points rule (points per dollar of net sales); the list is rebuilt in the background',
        body: ZCustomerSettingsRequest,
        response: { 200: ZCustomerSettings },
      },
      config: restaurant,
      handler: async (request) => {
        const auth = authOf(request);
        const restaurantId = await deps.customers.saveSettings(auth, request.body.pointsPerDollar, (tx, before) =>
          deps.audit(tx, {
            restaurantId: auth.restaurantId!,
            userId: auth.userId,
            before,
            after: request.body.pointsPerDollar,
          }),
        );
        await deps.onSettingsSaved(restaurantId);
        return { pointsPerDollar: request.body.pointsPerDollar };
      },
    });

    app.post('/api/api/customers/lookup-names', {
      schema: {
        tags: ['customers'],
        summary: 'Customers (members) by name, to select for an SMS',
        description:
          "Any case, spaces collapsed; a shared name matches every customer with it. 400 when a name matches no one: 'Member name does not exist. Please re-enter the following' under names.<index> for each.",
        body: ZCustomerNameLookup,
        response: { 200: ZCustomerNameMatches },
      },
      config: restaurant,
      handler: (request) => deps.customers.byNames(authOf(request), request.body.names),
    });

    app.get('/api/api/customers/:id', {
      schema: {
        tags: ['customers'],
        summary: 'One customer with their orders and opt-in history',
        params: ZCustomersIdParams,
        response: { 200: ZCustomerDetail },
      },
      config: restaurant,
      handler: (request) => deps.customers.detail(authOf(request), request.params.id),
    });

    app.post('/api/api/customers/campaigns/quote', {
      schema: {
        tags: ['customers'],
        summary: 'Recipients (opted-out excluded and counted) and cost per variant with tax, before submitting',
        body: ZCampaignRequest,
        response: { 200: ZCampaignQuote },
      },
      config: restaurant,
      handler: async (request) => (await deps.campaigns.quote(authOf(request), request.body)).quote,
    });

    app.post('/api/api/customers/campaigns', {
      schema: {
        tags: ['customers'],
        summary: 'Submit a campaign for approval by the agents above the restaurant',
        body: ZCampaignRequest,
        response: { 200: ZCampaignSubmitted },
      },
      config: restaurant,
      handler: (request) => deps.campaigns.submit(authOf(request), request.body),
    });

    app.get('/api/api/customers/campaigns', {
      schema: {
        tags: ['customers'],
        summary: "The restaurant's campaigns with state and progress",
        description: 'bankLinked: whether a campaign can be submitted and sent (a verified bank account).',
        response: { 200: ZOwnCampaignList },
      },
      config: restaurant,
      handler: (request) => deps.campaigns.listOwn(authOf(request)),
    });

    app.get('/api/api/customers/campaigns/:id/recipients', {
      schema: {
        tags: ['customers'],
        summary: 'Per-recipient status: queued, sent, delivered, failed with the reason',
        params: ZCustomersIdParams,
        querystring: ZRecipientListQuery,
        response: { 200: ZRecipientList },
      },
      config: restaurant,
      handler: (request) => deps.campaigns.recipients(authOf(request), request.params.id, request.query.page),
    });

    app.post('/api/api/customers/campaigns/:id/send', {
      schema: {
        tags: ['customers'],
        summary: 'Send Now: charge, then send on the job queue (waits for 8:00 outside 8:00-21:00)',
        params: ZCustomersIdParams,
        response: { 200: ZCampaignSendAnswer },
      },
      config: restaurant,
      handler: (request) => deps.campaigns.sendNow(authOf(request), request.params.id),
    });

    app.get('/api/api/customers/reviews', {
      schema: {
        tags: ['customers'],
        summary: "Campaigns of the restaurants below the caller's node (agents and team members; admins all)",
        querystring: ZReviewListQuery,
        response: { 200: ZCampaignList },
      },
      config: { access: { kind: 'authenticated' } },
      handler: (request) => deps.campaigns.reviewList(authOf(request), request.query.status),
    });

    app.post('/api/api/customers/reviews/:id', {
      schema: {
        tags: ['customers'],
        summary: 'Approve or reject a pending campaign with an optional note',
        params: ZCustomersIdParams,
        body: ZReviewRequest,
        response: { 200: ZMessageAnswer },
      },
      config: { access: { kind: 'authenticated' } },
      handler: (request) =>
        deps.campaigns.review(authOf(request), request.params.id, request.body.decision, request.body.note),
    });

    app.get('/api/api/customers/sms/pricing', {
      schema: {
        tags: ['customers'],
        summary: 'The platform SMS price per part (micro-dollars) and tax rate (basis points)',
        description: 'editable: whether the caller may set it (platform staff), so the web shows a form to them only.',
        response: { 200: ZSmsPricingView },
      },
      config: { access: { kind: 'authenticated' } },
      handler: async (request) => ({ ...(await deps.campaigns.pricing()), editable: authOf(request).isAdmin }),
    });

    app.put('/api/api/customers/sms/pricing', {
      schema: {
        tags: ['customers'],
        summary: 'Set the platform SMS pricing (admin)',
        body: ZSmsPricingRequest,
        response: { 200: ZSmsPricingRequest },
      },
      config: { access: { kind: 'admin' } },
      handler: (request) => deps.campaigns.setPricing(authOf(request), request.body),
    });

    const signedParams = (request: {
      headers: Record<string, unknown>;
      url: string;
      protocol: string;
      host: string;
      body: unknown;
    }) => {
      const params = Object.fromEntries(
        Object.entries((request.body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
      const base = deps.publicUrl ?? `${request.protocol}://${request.host}`;
      const signature = request.headers['x-twilio-signature'];
      if (
        !verifyTwilioSignature(
          deps.smsAuthToken,
          `${base}${request.url}`,
          params,
          typeof signature === 'string' ? signature : undefined,
        )
      )
        throw new AppError(403, 40300, 'Bad signature');
      return params;
    };

    app.post('/api/api/customers/sms/inbound', {
      schema: {
        tags: ['customers'],
        summary: "Inbound SMS webhook (Twilio's shape, X-Twilio-Signature): STOP / 退订 opt out, START opts in",
      },
      config: { access: { kind: 'public' } },
      handler: async (request, reply) => {
        const kind = await deps.smsWebhooks.inbound(signedParams(request));
        // HELP gets an answer in both languages (TwiML <Message>); STOP/START are confirmed by Twilio itself.
        const help = CUSTOMERS_MESSAGES.helpReply!;
        const answer = kind === 'help' ? `<Message>${xmlText(`${help.en} ${help.zh}`)}</Message>` : '';
        return reply.type('text/xml').send(`<?xml version="1.0" encoding="UTF-8"?><Response>${answer}</Response>`);
      },
    });

    app.post('/api/api/customers/sms/status', {
      schema: { tags: ['customers'], summary: 'Delivery status callback from the SMS provider (signed)' },
      config: { access: { kind: 'public' } },
      handler: async (request, reply) => {
        await deps.smsWebhooks.statusCallback(signedParams(request), request.url);
        return reply.status(204).send();
      },
    });
  };
}
