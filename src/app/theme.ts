import { createTheme } from '@mantine/core';

// Brand colour red (spec §9). Red 8 on white passes WCAG AA for text.
export const theme = createTheme({
  primaryColor: 'red',
  primaryShade: { light: 8, dark: 6 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});
