// Draws the install icons and manifest screenshots from the logo of public/favicon.svg (a red
// rounded square with a white house and a red door), so the PNGs are made by the project, not
// downloaded. Run with `npx tsx scripts/make-icons.ts`; the output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PNG } from 'pngjs';

type Rgb = readonly [number, number, number];
const RED: Rgb = [0xc9, 0x2a, 0x2a];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const PAPER: Rgb = [0xf8, 0xf9, 0xfa];
const GREY: Rgb = [0xde, 0xe2, 0xe6];
const DARK: Rgb = [0x49, 0x50, 0x57];

/** A shape answers whether a point (in image pixels) is inside it. */
type Shape = (x: number, y: number) => boolean;
interface Layer {
  shape: Shape;
  colour: Rgb;
}

const rect =
  (x0: number, y0: number, x1: number, y1: number): Shape =>
  (x, y) =>
    x >= x0 && x < x1 && y >= y0 && y < y1;

const roundedRect =
  (x0: number, y0: number, x1: number, y1: number, r: number): Shape =>
  (x, y) => {
    if (!rect(x0, y0, x1, y1)(x, y)) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };

const polygon =
  (points: ReadonlyArray<readonly [number, number]>): Shape =>
  (x, y) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const [xi, yi] = points[i];
      const [xj, yj] = points[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };

/** The logo's house and door (favicon.svg's 64-unit box), scaled to `size` px at (left, top). */
function houseLayers(left: number, top: number, size: number): Layer[] {
  const u = size / 64;
  const p = (x: number, y: number) => [left + x * u, top + y * u] as const;
  return [
    {
      shape: polygon([p(12, 34), p(32, 16), p(52, 34), p(52, 50), p(12, 50)]),
      colour: WHITE,
    },
    { shape: rect(...p(27, 38), ...p(37, 50)), colour: RED },
  ];
}

/** Paints layers in order with 4x4 supersampling so the edges are smooth. */
function paint(width: number, height: number, background: Rgb | null, layers: Layer[]): PNG {
  const png = new PNG({ width, height });
  const samples = 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = x + (sx + 0.5) / samples;
          const py = y + (sy + 0.5) / samples;
          let colour: Rgb | null = background;
          for (const layer of layers) if (layer.shape(px, py)) colour = layer.colour;
          if (colour) {
            r += colour[0];
            g += colour[1];
            b += colour[2];
            a += 1;
          }
        }
      }
      const i = (y * width + x) * 4;
      // Colour is averaged over covered samples; coverage becomes alpha (transparent corners).
      png.data[i] = a ? Math.round(r / a) : 0;
      png.data[i + 1] = a ? Math.round(g / a) : 0;
      png.data[i + 2] = a ? Math.round(b / a) : 0;
      png.data[i + 3] = Math.round((255 * a) / (samples * samples));
    }
  }
  return png;
}

/** The "any" purpose icon: the favicon itself, rounded corners on a transparent background. */
function icon(size: number): PNG {
  return paint(size, size, null, [
    { shape: roundedRect(0, 0, size, size, (12 / 64) * size), colour: RED },
    ...houseLayers(0, 0, size),
  ]);
}

/**
 * The maskable icon: full-bleed red (the platform cuts its own shape) with the house kept inside
 * the central safe zone (a circle of 80 % of the width).
 */
function maskableIcon(size: number): PNG {
  const houseSize = size * 0.72;
  const offset = (size - houseSize) / 2;
  return paint(size, size, RED, houseLayers(offset, offset + size * 0.02, houseSize));
}

/** A plain drawing of the store's screen: red header with the logo, then a grid of product cards. */
function screenshot(width: number, height: number, columns: number): PNG {
  const header = Math.round(height * 0.1);
  const logo = Math.round(header * 0.7);
  const margin = Math.round(width * 0.04);
  const layers: Layer[] = [
    { shape: rect(0, 0, width, header), colour: RED },
    {
      shape: roundedRect(margin, (header - logo) / 2, margin + logo, (header + logo) / 2, logo * 0.2),
      colour: WHITE,
    },
    ...houseLayers(margin, (header - logo) / 2, logo).map((layer) => ({
      ...layer,
      colour: layer.colour === WHITE ? RED : WHITE,
    })),
    {
      shape: roundedRect(margin * 2 + logo, header * 0.3, width - margin, header * 0.7, header * 0.1),
      colour: WHITE,
    },
  ];
  const gap = margin;
  const cardWidth = (width - gap * (columns + 1)) / columns;
  const cardHeight = cardWidth * 1.35;
  for (let row = 0; header + gap + row * (cardHeight + gap) < height; row++) {
    for (let column = 0; column < columns; column++) {
      const x = gap + column * (cardWidth + gap);
      const y = header + gap + row * (cardHeight + gap);
      layers.push(
        { shape: roundedRect(x, y, x + cardWidth, y + cardHeight, gap * 0.4), colour: WHITE },
        {
          shape: rect(x + gap * 0.5, y + gap * 0.5, x + cardWidth - gap * 0.5, y + cardWidth * 0.8),
          colour: GREY,
        },
        {
          shape: rect(x + gap * 0.5, y + cardWidth * 0.9, x + cardWidth * 0.8, y + cardWidth * 0.98),
          colour: DARK,
        },
        {
          shape: rect(x + gap * 0.5, y + cardWidth * 1.08, x + cardWidth * 0.5, y + cardWidth * 1.2),
          colour: RED,
        },
      );
    }
  }
  return paint(width, height, PAPER, layers);
}

const outputs: Array<[string, () => PNG]> = [
  ['public/icons/icon-192.png', () => icon(192)],
  ['public/icons/icon-512.png', () => icon(512)],
  ['public/icons/maskable-512.png', () => maskableIcon(512)],
  ['public/icons/apple-touch-icon-180.png', () => maskableIcon(180)],
  ['public/screenshots/narrow-540x960.png', () => screenshot(540, 960, 2)],
  ['public/screenshots/wide-1280x720.png', () => screenshot(1280, 720, 4)],
];

for (const [path, draw] of outputs) {
  const target = resolve(path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, PNG.sync.write(draw(), { colorType: 6 }));
  console.log(`wrote ${path}`);
}
