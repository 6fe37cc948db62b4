import { MAX_INT32 } from '../../../lib/url-params.ts';

/** Where the team pages live (route-table.tsx); the phone pages are JobMobile and userMobile (SPEC 2). */
export const TEAM_INDEX = '/teamManagement/index';
export type TTeamTab = 'employees' | 'roles' | 'refundLimits';

export const teamIndexPath = (tab: TTeamTab) => `${TEAM_INDEX}?tab=${tab}`;
export const addRolePath = (mobile: boolean) => (mobile ? '/teamManagement/JobMobile' : '/teamManagement/addJob');
export const editRolePath = (id: number, mobile: boolean) =>
  mobile ? `/teamManagement/JobMobile?id=${id}` : `/teamManagement/editJob?id=${id}`;
export const employeeMobilePath = (id: number | null) =>
  id === null ? '/teamManagement/userMobile' : `/teamManagement/userMobile?id=${id}`;

/** ?id=12 -> 12; anything else (absent, 'abc', '-1') -> null. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_INT32 ? id : null;
}
