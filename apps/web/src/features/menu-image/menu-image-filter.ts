import { MEDIA_PAGE_SIZE_DEFAULT, type PHOTO_STATES, type TPhotoState } from '@ra/shared/media/media.schemas';
import { oneOf, pageOf } from '../../lib/url-params.ts';

/** The tabs of the approval page: the three SPEC 4 states and "all". Waiting is the default. */
export const PHOTO_TABS = ['unapproved', 'approved', 'refused', 'all'] as const;
export type TPhotoTab = (typeof PHOTO_TABS)[number];

export interface TMenuImageView {
  tab: TPhotoTab;
  page: number;
  /** The photo shown large (a shared link opens it). */
  photo: number | null;
}

/** The page's state from the URL (?state=approved&page=2&photo=14), with safe fallbacks. */
export function parseMenuImageView(search: URLSearchParams): TMenuImageView {
  const photo = Number(search.get('photo'));
  return {
    tab: oneOf(PHOTO_TABS, search.get('state')) ?? 'unapproved',
    page: pageOf(search.get('page'), 100_000),
    photo: Number.isInteger(photo) && photo > 0 ? photo : null,
  };
}

export function menuImageSearch(view: TMenuImageView): URLSearchParams {
  const out = new URLSearchParams();
  if (view.tab !== 'unapproved') out.set('state', view.tab);
  if (view.page !== 1) out.set('page', String(view.page));
  if (view.photo !== null) out.set('photo', String(view.photo));
  return out;
}

/** The server query for a view. */
export function photoQueryOf(view: TMenuImageView): { state?: TPhotoState; page: number; pageSize: number } {
  return {
    ...(view.tab === 'all' ? {} : { state: view.tab as (typeof PHOTO_STATES)[number] }),
    page: view.page,
    pageSize: MEDIA_PAGE_SIZE_DEFAULT,
  };
}
