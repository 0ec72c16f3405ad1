// What the built service worker precaches (run `npm run build` first; `npm test` does).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = resolve(process.env.PWA_DIST_DIR ?? 'dist');

function precachedUrls(): string[] {
  const worker = readFileSync(resolve(dist, 'sw.js'), 'utf8');
  const entries = [...worker.matchAll(/\{"revision":(?:"[0-9a-f]+"|null),"url":"([^"]+)"\}/g)];
  return entries.map((match) => match[1]);
}

describe('the built service worker', () => {
  it('exists next to the built store (run `npm run build` first)', () => {
    expect(existsSync(resolve(dist, 'sw.js'))).toBe(true);
  });

  it('precaches the shell, the manifest and the install icons', () => {
    const urls = precachedUrls();
    expect(urls).toEqual(
      expect.arrayContaining([
        'index.html',
        'manifest.webmanifest',
        'favicon.svg',
        'icons/icon-192.png',
        'icons/icon-512.png',
        'icons/maskable-512.png',
        'icons/apple-touch-icon-180.png',
      ]),
    );
  });

  it('precaches every built JavaScript and CSS chunk, so every screen opens offline', () => {
    const chunks = readdirSync(resolve(dist, 'assets'))
      .filter((name) => /\.(js|css)$/.test(name))
      .map((name) => `assets/${name}`);
    expect(chunks.length).toBeGreaterThan(3);
    expect(precachedUrls()).toEqual(expect.arrayContaining(chunks));
  });

  it('lists each precached address once and nothing from the API or product images', () => {
    const urls = precachedUrls();
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.filter((url) => /datasnap|imagens\//.test(url))).toEqual([]);
  });

  it('links the web manifest from the page and describes an installable pt-BR store', () => {
    const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const manifest = JSON.parse(readFileSync(resolve(dist, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toMatchObject({
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#c92a2a',
      categories: ['shopping'],
    });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const picture of [...manifest.icons, ...manifest.screenshots]) {
      expect(existsSync(resolve(dist, picture.src.replace(/^\//, '')))).toBe(true);
    }
    const formFactors = manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor);
    expect(formFactors.sort()).toEqual(['narrow', 'wide']);
  });
});
