import type { AuthContext } from '../../lib/auth-context.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { TModule, TModuleDeps } from '../module-deps.ts';
import type { TNodeApi } from '../node/node.module.ts';
import { AccountRepository } from './account.repository.ts';
import { accountRoutes } from './account.routes.ts';
import { AccountService } from './account.service.ts';

/** What app.ts asks of accounts: who a bearer token belongs to (the remembered-callers cache asks it). */
export interface TAccountApi {
  authenticate(token: string): Promise<AuthContext>;
}

export interface TAccountModuleDeps extends Pick<TModuleDeps, 'db' | 'config' | 'clock' | 'audit' | 'email'> {
  /** Signs and reads the session tokens (the same one the remembered-callers cache reads expiries with). */
  tokens: TokenService;
  nodes: TNodeApi;
}

/** Sign-in, sessions, restaurant switch, lock screen and password reset (SPEC 7; registered in app.ts). */
export function accountModule(deps: TAccountModuleDeps): TModule<TAccountApi> {
  const { config, clock } = deps;
  const service = new AccountService({
    repo: new AccountRepository(deps.db),
    nodes: deps.nodes,
    tokens: deps.tokens,
    email: deps.email,
    tokenTtlSeconds: config.tokenTtlSeconds,
    codeSecret: config.jwtSecret,
    audit: deps.audit,
    now: () => clock.now(),
    publicUrl: config.publicUrl,
  });
  return {
    routes: accountRoutes(service),
    api: { authenticate: (token) => service.authenticate(token) },
  };
}
