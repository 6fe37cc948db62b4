import { emptyOperationAuthorities, emptyPagePermissions } from '@ra/shared/permissions';
import type { TRestInfoResponse } from '@ra/shared/auth/auth.schemas';

/** getrest's answer for Harbor Bistro (New York), with the roles and page permissions a test gives. */
export function harborRestInfo(
  access: Pick<TRestInfoResponse, 'roles' | 'PagePermissions'> = {
    roles: ['Owner'],
    PagePermissions: emptyPagePermissions(),
  },
): TRestInfoResponse {
  return {
    id: 1,
    xid: 'r',
    name: 'Harbor Bistro',
    fullname: 'Harbor Bistro',
    restname: 'Harbor Bistro',
    locales: { GMT: 'GMT-05:00', locales: ['en'], timeZone: 'America/New_York', timestamp: 0 },
    timestamp: 0,
    config: {
      hourOffsetEndOfDay: 0,
      version: '1',
      enableOrderToGoWithDateSelect: false,
      configAdmin: false,
      workHoursSteps: 15,
      tipWord: null,
      tipWordZh: null,
      tipsWord: null,
      enablePremiumCoupon: false,
    },
    ...access,
    operationAuthority: emptyOperationAuthorities(),
  };
}
