import type { TWorkHoursMessageKey } from '@ra/shared/work-hours/work-hours.messages';
import { SIGNATURE_MAX_SIDE_PX } from '@ra/shared/work-hours/work-hours.schemas';
import type { AuthContext } from '../../lib/auth-context.ts';
import { notFound } from '../../lib/errors.ts';
import { imageDimensions } from '../../lib/images.ts';
import type { SignatureStore } from './signature-store.ts';
import { fieldError, restaurantOf, signatureBase, type TRestContext } from './work-hours.rules.ts';

/** Signature images: stored from the signature pad, served back, and checked when a change names one. */
export class SignaturesService {
  constructor(private readonly signatures: SignatureStore) {}

  async storeSignature(auth: AuthContext, restId: number, imageDataURL: string): Promise<{ signatureUrl: string }> {
    const restaurantId = restaurantOf(auth, restId);
    const bytes = Buffer.from(imageDataURL.slice(imageDataURL.indexOf(',') + 1), 'base64');
    // Bounded by the size the header declares, before anything decodes it or serves it back.
    const size = await imageDimensions(bytes);
    if (!size) throw fieldError('imageDataURL', 'signatureInvalid');
    if (size.width > SIGNATURE_MAX_SIDE_PX || size.height > SIGNATURE_MAX_SIDE_PX)
      throw fieldError('imageDataURL', 'signatureTooManyPixels');
    const name = await this.signatures.save(restaurantId, bytes);
    if (!name) throw fieldError('imageDataURL', 'signatureInvalid');
    return { signatureUrl: `${signatureBase(restaurantId)}${name}` };
  }

  async readSignature(auth: AuthContext, restId: number, name: string): Promise<Buffer> {
    const restaurantId = restaurantOf(auth, restId);
    const bytes = await this.signatures.read(restaurantId, name);
    if (!bytes) throw notFound();
    return bytes;
  }

  /** A signature URL given with a change must be one this restaurant stored; required when the config says so. */
  async signatureOf(
    ctx: TRestContext,
    url: string | null | undefined,
    required: boolean,
    missing: TWorkHoursMessageKey = 'signatureRequired',
  ): Promise<string | null> {
    if (!url) {
      if (required) throw fieldError('signatureUrl', missing);
      return null;
    }
    const base = signatureBase(ctx.restaurantId);
    if (!url.startsWith(base) || !(await this.signatures.exists(ctx.restaurantId, url.slice(base.length)))) {
      throw fieldError('signatureUrl', 'signatureUnknown');
    }
    return url;
  }
}
