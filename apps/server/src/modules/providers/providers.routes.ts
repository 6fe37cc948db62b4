import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZProviderStatus, ZStripeWebhookAnswer } from '@ra/shared/providers/providers.schemas';
import { STRIPE_WEBHOOK_PATH, type ProvidersService } from './providers.service.ts';

export function providersRoutes(service: ProvidersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/api/admin/providers', {
      schema: {
        tags: ['providers'],
        summary: 'Platform staff only: which provider each adapter uses, with a live check (no secrets)',
        response: { 200: ZProviderStatus },
      },
      config: { access: { kind: 'admin' } },
      handler: () => service.status(),
    });

    // Stripe signs the exact bytes it sends: this route (only) keeps the JSON body as text.
    app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_r, body, done) =>
        done(null, String(body)),
      );
      raw.post(STRIPE_WEBHOOK_PATH, {
        schema: {
          tags: ['providers'],
          summary: 'Stripe webhook (Stripe-Signature verified with the SDK): bank verification and charge outcomes',
          response: { 200: ZStripeWebhookAnswer },
        },
        config: { access: { kind: 'public' } },
        handler: (request) => {
          const signature = request.headers['stripe-signature'];
          return service.stripeWebhook(
            typeof request.body === 'string' ? request.body : '',
            typeof signature === 'string' ? signature : undefined,
          );
        },
      });
    });
  };
}
