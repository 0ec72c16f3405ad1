// MantineProvider writes the theme's CSS variables and its hiddenFrom/visibleFrom classes into
// <style> elements at the top of the app, inside <body>, where the HTML checker refuses them (a
// style element in the body cannot set :root). The app turns those off (src/app/app.tsx) and its
// stylesheet carries the same CSS instead, from src/app/theme.css, which this script writes from
// src/app/theme.ts. Run `npx tsx scripts/make-theme-css.ts` after changing the theme;
// tests/unit/build/theme-css.test.ts fails while the file is stale.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { format, resolveConfig } from 'prettier';
import { cssVariablesResolver, theme } from '../src/app/theme';

export const THEME_CSS_FILE = resolve(import.meta.dirname, '../src/app/theme.css');

const HEADER =
  '/* Written by scripts/make-theme-css.ts from src/app/theme.ts: edit the theme, then run\n' +
  '   `npx tsx scripts/make-theme-css.ts`. What MantineProvider would put in <style> elements. */\n';

/** The CSS MantineProvider renders for our theme (the variables, then the breakpoint classes), formatted. */
export async function themeCss(): Promise<string> {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }));
  const styles = [...html.matchAll(/<style data-mantine-styles="(true|classes)"[^>]*>([\s\S]*?)<\/style>/g)];
  const variables = styles.find((style) => style[1] === 'true')?.[2];
  const classes = styles.find((style) => style[1] === 'classes')?.[2];
  if (!variables || !classes)
    throw new Error(`MantineProvider rendered no theme styles: ${html.slice(0, 200)}`);
  const options = await resolveConfig(THEME_CSS_FILE);
  return format(`${HEADER}${variables}\n${classes}`, { ...options, parser: 'css' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(THEME_CSS_FILE, await themeCss());
  console.log(`wrote ${THEME_CSS_FILE}`);
}
