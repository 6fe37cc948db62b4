import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage } from './images.ts';

const photo = (
  width: number,
  height: number,
  format: 'jpeg' | 'png',
  extra: { orientation?: number; alpha?: boolean } = {},
) => {
  let image = sharp({
    create: {
      width,
      height,
      channels: extra.alpha ? 4 : 3,
      background: extra.alpha ? { r: 200, g: 40, b: 40, alpha: 0.5 } : '#c0392b',
    },
  });
  if (extra.orientation) image = image.withMetadata({ orientation: extra.orientation });
  return (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
};

describe('processImage', () => {
  it('scales a landscape JPEG so its shorter side is 550 px, as WebP and JPEG', async () => {
    const out = await processImage(await photo(2000, 1000, 'jpeg'));
    expect([out.width, out.height]).toEqual([1100, 550]);
    const webp = await sharp(out.webp).metadata();
    const jpeg = await sharp(out.jpeg).metadata();
    expect([webp.format, webp.width, webp.height]).toEqual(['webp', 1100, 550]);
    expect([jpeg.format, jpeg.width, jpeg.height]).toEqual(['jpeg', 1100, 550]);
  });

  it('scales a portrait PNG with transparency by its width, and flattens the JPEG', async () => {
    const out = await processImage(await photo(900, 1800, 'png', { alpha: true }));
    expect([out.width, out.height]).toEqual([550, 1100]);
    expect((await sharp(out.jpeg).metadata()).hasAlpha).toBe(false);
  });

  it('turns a photo upright by its EXIF orientation before measuring', async () => {
    // Stored 1600x1200 but marked "rotate 90°": it is a 1200x1600 portrait photo.
    const out = await processImage(await photo(1600, 1200, 'jpeg', { orientation: 6 }));
    expect([out.width, out.height]).toEqual([550, 733]);
    expect((await sharp(out.jpeg).metadata()).orientation).toBeUndefined();
  });

  it('does not enlarge a photo smaller than 550 px', async () => {
    const out = await processImage(await photo(400, 300, 'png'));
    expect([out.width, out.height]).toEqual([400, 300]);
  });

  it('refuses a text file that only pretends to be a JPEG', async () => {
    await expect(processImage(Buffer.from('this is not a picture, only named .jpg'))).rejects.toThrow();
  });
});
