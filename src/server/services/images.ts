import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import type { Db } from '../db/client';
import { products } from '../db/schema';

// Illustrative product images, drawn by the project (no downloads): a background in the
// category's colour, a shape that changes with the image number, and the product's initials.
// Deterministic from (idprd, n, category), so the bytes never change and the ETag is strong.

export const IMAGE_SIZE = 400;
/** Bump when the drawing changes: it is part of the ETag and the cache key. */
const IMAGE_VERSION = 1;

type Rgb = [number, number, number];

/** Background and accent per category (in menu order). */
const PALETTES: Record<number, { background: Rgb; accent: Rgb }> = {
  1: { background: [253, 236, 220], accent: [214, 96, 42] }, // paint accessories
  2: { background: [225, 240, 250], accent: [38, 120, 178] }, // bathroom
  3: { background: [230, 245, 232], accent: [46, 139, 87] }, // kitchen and laundry
  4: { background: [240, 236, 228], accent: [120, 90, 60] }, // tools
  5: { background: [238, 238, 242], accent: [110, 110, 130] }, // floors and walls
  6: { background: [226, 244, 246], accent: [0, 128, 140] }, // plumbing
};
const DEFAULT_PALETTE = { background: [242, 242, 242] as Rgb, accent: [200, 30, 40] as Rgb };

// A 5x7 bitmap font for the initials: uppercase letters and digits.
const GLYPHS: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01111', '10000', '10000', '10011', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['01110', '10000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00001', '01110'],
};

/** Up to two initials of the name's significant words, without accents: 'Torneira Gourmet' -> 'TG'. */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word.length >= 3 || /^\d+$/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join('');
}

export interface ImageSubject {
  idprd: number;
  n: number;
  groupId: number;
  name: string;
}

/** Image `n` of product `idprd`, or undefined when the product has no such image. */
export async function productImageSubject(
  db: Db,
  idprd: number,
  n: number,
): Promise<ImageSubject | undefined> {
  const [product] = await db
    .select({ name: products.descricao, groupId: products.groupId, imageCount: products.imageCount })
    .from(products)
    .where(eq(products.idprd, idprd));
  if (!product || n > product.imageCount) return undefined;
  return { idprd, n, groupId: product.groupId, name: product.name };
}

/** The ETag of an image: the drawing is a pure function of these inputs, so it is a strong tag. */
export function imageEtag(subject: ImageSubject): string {
  const digest = createHash('sha1')
    .update(`${IMAGE_VERSION}|${subject.idprd}|${subject.n}|${subject.groupId}|${initialsOf(subject.name)}`)
    .digest('base64url')
    .slice(0, 20);
  return `"${digest}"`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;
}

export function drawProductImage(subject: ImageSubject): Buffer {
  const size = IMAGE_SIZE;
  const png = new PNG({ width: size, height: size, colorType: 2, inputColorType: 2, inputHasAlpha: false });
  const palette = PALETTES[subject.groupId] ?? DEFAULT_PALETTE;
  const { background, accent } = palette;
  const soft = mix(background, accent, 0.35);
  const data = Buffer.alloc(size * size * 3);
  const put = (x: number, y: number, color: Rgb) => {
    if (x < 0 || y < 0 || x >= size || y >= size) return;
    const offset = (y * size + x) * 3;
    data[offset] = color[0];
    data[offset + 1] = color[1];
    data[offset + 2] = color[2];
  };
  const centre = size / 2;
  // Each image number shows the product from a different "angle": a different shape.
  const variant = (subject.n - 1 + (subject.idprd % 4)) % 4;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const dx = x - centre;
      const dy = y - centre;
      const distance = Math.sqrt(dx * dx + dy * dy);
      let inside: boolean;
      if (variant === 0) inside = distance < 150;
      else if (variant === 1) inside = Math.abs(dx) < 130 && Math.abs(dy) < 130;
      else if (variant === 2) inside = distance < 160 && distance > 110;
      else inside = Math.abs(dx) + Math.abs(dy) < 170;
      put(x, y, inside ? soft : background);
    }
  }
  // A band along the bottom in the accent colour, like a product label.
  for (let y = size - 36; y < size - 20; y += 1) for (let x = 40; x < size - 40; x += 1) put(x, y, accent);

  const initials = initialsOf(subject.name) || 'CO';
  const scale = 22;
  const glyphWidth = 5 * scale;
  const gap = scale;
  const totalWidth = initials.length * glyphWidth + (initials.length - 1) * gap;
  const left = Math.round(centre - totalWidth / 2);
  const top = Math.round(centre - (7 * scale) / 2);
  [...initials].forEach((char, index) => {
    const glyph = GLYPHS[char];
    if (!glyph) return;
    const x0 = left + index * (glyphWidth + gap);
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let y = 0; y < scale; y += 1)
          for (let x = 0; x < scale; x += 1) put(x0 + gx * scale + x, top + gy * scale + y, accent);
      });
    });
  });
  png.data = data;
  return PNG.sync.write(png, { colorType: 2, inputColorType: 2, inputHasAlpha: false, deflateLevel: 9 });
}

/** A small in-memory LRU of encoded images: drawing costs milliseconds, serving a buffer nothing. */
export class ImageCache {
  private readonly entries = new Map<string, Buffer>();
  constructor(private readonly capacity = 512) {}

  get(subject: ImageSubject): Buffer {
    const key = imageEtag(subject);
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const image = drawProductImage(subject);
    this.entries.set(key, image);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return image;
  }
}
