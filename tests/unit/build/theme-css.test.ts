// The theme's CSS ships in the stylesheet (src/app/theme.css) instead of MantineProvider's <style>
// elements in the body: the file must say what MantineProvider would for src/app/theme.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_CSS_FILE, themeCss } from '../../../scripts/make-theme-css';

describe('the theme stylesheet', () => {
  it('holds the variables and breakpoint classes MantineProvider renders for the theme', async () => {
    const expected = await themeCss();
    // The brand colour and the contrast fixes of src/app/theme.ts are there.
    expect(expected).toContain('--mantine-primary-color-filled: var(--mantine-color-red-filled)');
    expect(expected).toContain('--mantine-color-error: var(--mantine-color-red-8)');
    expect(expected).toMatch(/@media \(min-width: 37\.5em\) \{\s*\.mantine-hidden-from-xs/);
    expect(readFileSync(THEME_CSS_FILE, 'utf8'), 'stale: run `npx tsx scripts/make-theme-css.ts`').toBe(
      expected,
    );
  });
});
