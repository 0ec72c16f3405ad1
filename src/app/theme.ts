import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Brand colour red. Red 8 on white passes WCAG AA for text.
// Breakpoints: xs is the 600 px header breakpoint and sm the 768 px menu breakpoint, so
// `hiddenFrom="xs"` / `visibleFrom="sm"` name the header's own switches.
export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  breakpoints: { xs: '37.5em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  focusRing: 'auto',
  // Every dialog's and drawer's close button has a name (axe 'button-name'); plain objects, so the
  // theme does not pull Modal and Drawer into the first route's JavaScript.
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    // A toast's text under its title is gray 6 (3.3:1 on white); gray 7 passes AA.
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
  },
});

/**
 * Written into src/app/theme.css with the theme's other variables (scripts/make-theme-css.ts).
 * Mantine's light defaults for error text (red 6), dimmed text (gray 6) and green, yellow and teal
 * 'light' text fall below the 4.5:1 contrast AA asks of small text; red 8, gray 7 and darker
 * shades pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Green 'light' alerts (order placed, Pix paid, e-mail sent): green 9 on green 1 is 3.8:1.
    '--mantine-color-green-light-color': '#1b5e20',
    // Yellow 'light' warnings and badges ('Aviso', 'Aguardando pagamento'): yellow 9 on yellow 1 is
    // 2.7:1; this brown is 7.3:1.
    '--mantine-color-yellow-light-color': '#7a4100',
    // Teal 'light' alerts (the tablet's pairing): teal 9 on teal 1 is 4.3:1; this green is 6.5:1.
    '--mantine-color-teal-light-color': '#06614a',
  },
  dark: {},
});
