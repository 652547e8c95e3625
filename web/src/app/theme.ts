import { createTheme } from '@mantine/core';

/**
 * Sizes in rem (they grow with the browser's zoom and font size), a body text of 16 px, colours that
 * keep WCAG AA contrast on white: the theme reads at 200 % zoom on a desktop and on a 375 px phone.
 */
export const theme = createTheme({
  fontFamily: 'var(--app-font)',
  headings: { fontFamily: 'var(--app-font)' },
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontSizes: { xs: '0.8125rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
  components: {
    Badge: { defaultProps: { variant: 'light' } },
  },
});
