import { API_BASE } from '../../lib/request.ts';

/**
 * Where an image of the restaurant's image library is served (media module, docs/api/media.md).
 * The browser sends the session cookie with <img> requests, which the server accepts for reads.
 */
export function menuImageUrl(imageId: number, _size: 'thumb' | 'full' = 'full'): string {
  return `${API_BASE}/api/media/images/${imageId}/file`;
}
