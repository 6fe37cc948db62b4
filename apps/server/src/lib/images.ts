import sharp from 'sharp';

/** SPEC 9 / SPEC 5 "Image upload: shorter side resized to 550px". */
export const IMAGE_SHORT_SIDE_PX = 550;

export interface TProcessedImage {
  webp: Buffer;
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * Turns an uploaded photo into what menus show: turned upright by its EXIF orientation (phone photos
 * are often stored sideways), scaled so its SHORTER side is 550 px, as WebP (small, for browsers and
 * kiosks) and JPEG (for POS screens and anything older). A smaller photo is not enlarged: blowing it up
 * adds bytes, not detail (docs/decisions.md "Images"). Transparency becomes white in the JPEG.
 * Metadata (EXIF location, camera) is dropped from both outputs.
 */
export async function processImage(input: Buffer): Promise<TProcessedImage> {
  const base = sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: IMAGE_SHORT_SIDE_PX, height: IMAGE_SHORT_SIDE_PX, fit: 'outside', withoutEnlargement: true });
  const [webp, jpeg] = await Promise.all([
    base.clone().webp({ quality: 82 }).toBuffer({ resolveWithObject: true }),
    base.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 84, mozjpeg: true }).toBuffer(),
  ]);
  return { webp: webp.data, jpeg, width: webp.info.width, height: webp.info.height };
}

/**
 * An image's declared width and height, read from its header without decoding a pixel, or null when
 * the bytes are no image sharp can read. A file of a few bytes can declare 40,000 x 40,000 pixels, so
 * bounds are checked on this before anything decodes or serves it (no pixel limit here: the caller
 * decides, with its own message).
 */
export async function imageDimensions(input: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(input, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
