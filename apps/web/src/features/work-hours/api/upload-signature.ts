import { post } from '../../../lib/request.ts';

/** SPEC 7 POST /api/restaurant/{restId}/workhour-signature: imageDataURL -> signatureUrl. */
export async function uploadSignature(restId: number, imageDataURL: string): Promise<string> {
  const res = await post<{ signatureUrl: string }>(
    `/api/restaurant/${restId}/workhour-signature`,
    { imageDataURL },
    { silent: true },
  );
  return res.signatureUrl;
}
