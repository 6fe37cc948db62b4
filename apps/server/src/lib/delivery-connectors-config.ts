/**
 * The delivery platforms' own credentials for this deployment (issue 20 "Delivery platforms"): set,
 * a platform is reached through its marketplace API; unset, through the local simulator (the default
 * for `npm start` and the tests). Each restaurant then connects its own store on the 3rd Party page.
 * docs/operations.md lists every variable and the webhook paths to register with each platform.
 */
export interface TUberEatsConfig {
  clientId: string;
  clientSecret: string;
  /** https://api.uber.com; UBER_EATS_API_BASE points it at a sandbox or a test server. */
  apiBase: string;
  /** https://auth.uber.com/oauth/v2/token; UBER_EATS_AUTH_URL overrides it. */
  authUrl: string;
  /** Space-separated client_credentials scopes. */
  scopes: string;
}

export interface TDoorDashConfig {
  developerId: string;
  keyId: string;
  /** The signing secret as DoorDash shows it (base64url); the JWT is signed with its decoded bytes. */
  signingSecret: string;
  /** https://openapi.doordash.com; DOORDASH_API_BASE overrides it. */
  apiBase: string;
  /** The auth token entered with the webhook subscription in the DoorDash developer portal. */
  webhookToken: string;
}

export interface TDeliveryConnectorsConfig {
  ubereats?: TUberEatsConfig;
  doordash?: TDoorDashConfig;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

export function deliveryConnectorsFromEnv(env: NodeJS.ProcessEnv): TDeliveryConnectorsConfig {
  const config: TDeliveryConnectorsConfig = {};
  const uberId = trimmed(env.UBER_EATS_CLIENT_ID);
  const uberSecret = trimmed(env.UBER_EATS_CLIENT_SECRET);
  if (uberId && uberSecret) {
    config.ubereats = {
      clientId: uberId,
      clientSecret: uberSecret,
      apiBase: (trimmed(env.UBER_EATS_API_BASE) ?? 'https://api.uber.com').replace(/\/+$/, ''),
      authUrl: trimmed(env.UBER_EATS_AUTH_URL) ?? 'https://auth.uber.com/oauth/v2/token',
      scopes: trimmed(env.UBER_EATS_SCOPES) ?? 'eats.store eats.store.status.write eats.order eats.store.orders.read',
    };
  } else if (uberId || uberSecret) {
    throw new Error('UBER_EATS_CLIENT_ID and UBER_EATS_CLIENT_SECRET are set together');
  }
  const ddDeveloper = trimmed(env.DOORDASH_DEVELOPER_ID);
  const ddKey = trimmed(env.DOORDASH_KEY_ID);
  const ddSecret = trimmed(env.DOORDASH_SIGNING_SECRET);
  const ddToken = trimmed(env.DOORDASH_WEBHOOK_TOKEN);
  if (ddDeveloper && ddKey && ddSecret && ddToken) {
    config.doordash = {
      developerId: ddDeveloper,
      keyId: ddKey,
      signingSecret: ddSecret,
      apiBase: (trimmed(env.DOORDASH_API_BASE) ?? 'https://openapi.doordash.com').replace(/\/+$/, ''),
      webhookToken: ddToken,
    };
  } else if (ddDeveloper || ddKey || ddSecret || ddToken) {
    throw new Error(
      'DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID, DOORDASH_SIGNING_SECRET and DOORDASH_WEBHOOK_TOKEN are set together',
    );
  }
  return config;
}
