import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import { deep } from '../lib/colors';

/**
 * Sizes in rem (they grow with the browser's zoom and font size), a body text of 16 px, colours that
 * keep WCAG AA contrast on white: the theme reads at 200 % zoom on a desktop and on a 375 px phone.
 */
/**
 * Light variants (badges, alerts) print their text in the colour's darkest shade mixed with black, and
 * filled ones sit on that shade with white text: at least 4.5:1 for every colour of the palette (the
 * palette's own green, orange or yellow text fall short on white).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const name = input.color?.split('.')[0];
  if (!name || name === 'dark' || name === 'white' || name === 'black') return resolved;
  if (input.variant === 'light' || input.variant === 'outline' || input.variant === 'subtle')
    return {
      ...resolved,
      color: deep(name),
      border: input.variant === 'outline' ? `1px solid ${deep(name)}` : resolved.border,
    };
  if (
    input.variant === 'filled' &&
    input.color?.includes('.') === false &&
    ['green', 'teal', 'orange', 'yellow', 'lime', 'cyan', 'grape', 'pink', 'red', 'gray'].includes(name)
  )
    return { ...resolved, background: deep(name), hover: deep(name), color: 'var(--mantine-color-white)' };
  return resolved;
};

export const theme = createTheme({
  autoContrast: true,
  respectReducedMotion: true,
  variantColorResolver,
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

/**
 * Dimmed text one shade darker than Mantine's default, which falls short of 4.5:1 on white; the primary
 * colour's light text (the active navigation link, light buttons) as deep as the badges', which keeps 4.5:1
 * on its light background while the pointer rests on it (the hover background is darker).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-primary-color-light-color': deep('blue'),
  },
  dark: {},
});
