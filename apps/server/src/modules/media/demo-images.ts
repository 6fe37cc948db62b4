import sharp from 'sharp';
import { processImage, type TProcessedImage } from '../../lib/images.ts';

/**
 * Demo photos are drawn, not shipped: a plate of food-coloured shapes on a table colour. The seed only
 * writes rows naming `demo/...` keys (it runs for every test file and has no storage at hand); the
 * files are drawn here the first time they are read and then kept in storage like any upload.
 */
export const DEMO_PHOTOS = [
  { slug: 'kung-pao', table: '#8d5a3b', food: ['#c0392b', '#e67e22', '#f1c40f'] },
  { slug: 'dumplings', table: '#5d6d7e', food: ['#f5e6c8', '#f0d9a8', '#7dcea0'] },
  { slug: 'noodles', table: '#34495e', food: ['#f4d03f', '#dc7633', '#58d68d'] },
  { slug: 'burger', table: '#6e2c00', food: ['#a04000', '#f7dc6f', '#27ae60'] },
  { slug: 'salad', table: '#1d8348', food: ['#82e0aa', '#e74c3c', '#f9e79f'] },
] as const;

export type TDemoSlug = (typeof DEMO_PHOTOS)[number]['slug'];

export const demoKey = (slug: string, format: 'webp' | 'jpeg') =>
  `demo/photos/${slug}.${format === 'webp' ? 'webp' : 'jpg'}`;

export function demoSlugOf(key: string): TDemoSlug | undefined {
  const match = /^demo\/photos\/([a-z-]+)\.(webp|jpg)$/.exec(key);
  return DEMO_PHOTOS.find((p) => p.slug === match?.[1])?.slug;
}

export async function drawDemoPhoto(slug: TDemoSlug): Promise<TProcessedImage> {
  const photo = DEMO_PHOTOS.find((p) => p.slug === slug)!;
  const [a, b, c] = photo.food;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="880" height="660">
    <rect width="880" height="660" fill="${photo.table}"/>
    <circle cx="440" cy="330" r="280" fill="#fdfefe"/><circle cx="440" cy="330" r="230" fill="#f2f3f4"/>
    <ellipse cx="390" cy="300" rx="110" ry="80" fill="${a}"/>
    <ellipse cx="500" cy="360" rx="100" ry="70" fill="${b}"/>
    <circle cx="470" cy="260" r="45" fill="${c}"/><circle cx="360" cy="390" r="35" fill="${c}"/>
  </svg>`;
  return processImage(await sharp(Buffer.from(svg)).jpeg().toBuffer());
}
