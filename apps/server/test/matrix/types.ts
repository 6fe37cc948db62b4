import type { Database } from '../../src/db/client.ts';
import type { App } from '../../src/app.ts';

export type TRequest = { url: string; payload?: Record<string, unknown>; query?: Record<string, string> };

/** Sales the matrix puts at each restaurant, with names found nowhere else. */
export interface TMatrixSales {
  item: string;
  category: string;
  option: string;
  tax: string;
  payout: string;
  orderNumber: string;
  cents: number;
}

export interface TBuilder {
  /** `caller` is 'other' for Golden Dragon's owner; ids stay Harbor's either way. */
  build(caller: 'home' | 'other'): TRequest;
  /**
   * What another restaurant's owner gets when asking with Harbor's ids. Defaults to 404 or 403 when
   * the path has an id; otherwise any answer, as long as it carries none of Harbor's data.
   */
  crossTenant?: number[];
  /**
   * Something of the caller's own restaurant the allowed answer must contain (a route that returns
   * data must return the caller's, not an empty or foreign answer). Builders are given the caller's
   * sales; routes that answer no restaurant data leave it out.
   */
  own?: (mine: TMatrixSales) => string | RegExp;
  /**
   * The email of the caller allowed to use the route when it is not decided by a restaurant flag (the
   * agent area's routes are for agents and team members): the "allowed" call is made as them.
   */
  allowedAs?: string;
}

/** What a domain's builders may use to make Harbor's ids before the matrix runs. */
export interface TMatrixEnv {
  app: App;
  db: Database;
  /** Harbor Bistro (the home restaurant) and Golden Dragon (the other restaurant). */
  home: { id: number; xid: string; nodeId: number };
  other: { id: number; xid: string; nodeId: number };
  /** A signed-in token for any demo email (owner@demo.test, owner@dragon.test, admin@demo.test, ...). */
  tokenFor(email: string): Promise<string>;
  /**
   * Markers only Harbor has: add a name or value unique to Harbor's rows of this domain, so an
   * answer to Golden Dragon's owner that carries it fails the matrix.
   */
  homeMarkers: Array<string | RegExp>;
}
