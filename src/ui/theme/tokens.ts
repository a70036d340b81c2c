import { defineGlobalStyles, defineSemanticTokens, defineTextStyles, defineTokens } from '@pandacss/dev'

// The layout settings panel (SPEC §1) switches theme by setting `data-theme` (or a class) on <html>;
// both spellings are accepted so a future setting can use either.
export const conditions = {
  dark: '.dark &, [data-theme="dark"] &',
  light: '.light &, [data-theme="light"] &',
  // Panda's own `_invalid` also matches the browser's `:invalid`, true of every empty required field
  // before anything is typed (issue 34: a form all red on arrival). A field is invalid when the product
  // says so: Ark's data-invalid / aria-invalid, set once the field was left or the form submitted.
  invalid: '&:is([data-invalid], [aria-invalid=true])',
}

export const tokens = defineTokens({
  // Stacking order of layers (Panda's preset has none): dialogs above drawers' backdrops, toasts on top.
  zIndex: {
    base: { value: 0 },
    dropdown: { value: 1000 },
    sticky: { value: 1100 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    popover: { value: 1500 },
    toast: { value: 1700 },
    tooltip: { value: 1800 },
  },
  colors: {
    // Brand palette: a calm indigo that keeps AA contrast for white text from 600 upwards.
    brand: {
      50: { value: '#f1f3ff' },
      100: { value: '#e4e8ff' },
      200: { value: '#cdd4ff' },
      300: { value: '#a9b3ff' },
      400: { value: '#8087fc' },
      500: { value: '#5f5ff6' },
      600: { value: '#4c43ea' },
      700: { value: '#4035cf' },
      800: { value: '#352ea7' },
      900: { value: '#2f2c84' },
      950: { value: '#1c1a4d' },
    },
  },
  fonts: {
    // System fonts only: the CSP forbids external font hosts and bundling a web font is not worth it yet.
    body: {
      value:
        'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    },
    heading: { value: '{fonts.body}' },
    mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace' },
  },
  durations: {
    fast: { value: '120ms' },
    normal: { value: '200ms' },
    slow: { value: '400ms' },
  },
  easings: {
    default: { value: 'cubic-bezier(0.2, 0, 0, 1)' },
    emphasized: { value: 'cubic-bezier(0.21, 1.02, 0.73, 1)' },
  },
})

// One "palette" shape per intent so recipes can switch intent with `colorPalette` alone.
const intent = (light: Record<string, string>, dark: Record<string, string>) =>
  Object.fromEntries(
    Object.keys(light).map((key) => [key, { value: { base: light[key] ?? '', _dark: dark[key] ?? '' } }]),
  ) as Record<string, { value: { base: string; _dark: string } }>

const palette = (hue: string, solid = '600') =>
  intent(
    {
      solid: `{colors.${hue}.${solid}}`,
      solidHover: `{colors.${hue}.700}`,
      contrast: '{colors.white}',
      subtle: `{colors.${hue}.50}`,
      subtleHover: `{colors.${hue}.100}`,
      text: `{colors.${hue}.700}`,
      border: `{colors.${hue}.300}`,
      focusRing: `{colors.${hue}.500}`,
    },
    {
      solid: `{colors.${hue}.500}`,
      // Darker on hover, not lighter: white on the 400 shade fell under AA (3.09 for brand).
      solidHover: `{colors.${hue}.600}`,
      contrast: '{colors.white}',
      subtle: `color-mix(in srgb, {colors.${hue}.500} 14%, transparent)`,
      subtleHover: `color-mix(in srgb, {colors.${hue}.500} 22%, transparent)`,
      text: `{colors.${hue}.300}`,
      border: `{colors.${hue}.700}`,
      focusRing: `{colors.${hue}.400}`,
    },
  )

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: {
      canvas: { value: { base: '{colors.slate.50}', _dark: '#0b0e17' } },
      default: { value: { base: '{colors.white}', _dark: '{colors.slate.900}' } },
      subtle: { value: { base: '{colors.slate.100}', _dark: '{colors.slate.800}' } },
      muted: { value: { base: '{colors.slate.200}', _dark: '{colors.slate.700}' } },
      overlay: {
        value: { base: 'rgb(15 23 42 / 0.45)', _dark: 'rgb(2 6 23 / 0.7)' },
      },
    },
    fg: {
      default: { value: { base: '{colors.slate.900}', _dark: '{colors.slate.50}' } },
      muted: { value: { base: '{colors.slate.600}', _dark: '{colors.slate.300}' } },
      subtle: { value: { base: '{colors.slate.500}', _dark: '{colors.slate.400}' } },
      disabled: { value: { base: '{colors.slate.400}', _dark: '{colors.slate.500}' } },
    },
    border: {
      default: { value: { base: '{colors.slate.200}', _dark: '{colors.slate.700}' } },
      emphasized: { value: { base: '{colors.slate.300}', _dark: '{colors.slate.600}' } },
    },
    accent: palette('brand'),
    neutral: intent(
      {
        solid: '{colors.slate.900}',
        solidHover: '{colors.slate.800}',
        contrast: '{colors.white}',
        subtle: '{colors.slate.100}',
        subtleHover: '{colors.slate.200}',
        text: '{colors.slate.800}',
        border: '{colors.slate.300}',
        focusRing: '{colors.brand.500}',
      },
      {
        solid: '{colors.slate.100}',
        solidHover: '{colors.white}',
        contrast: '{colors.slate.900}',
        subtle: '{colors.slate.800}',
        subtleHover: '{colors.slate.700}',
        text: '{colors.slate.100}',
        border: '{colors.slate.600}',
        focusRing: '{colors.brand.400}',
      },
    ),
    danger: palette('red'),
    success: palette('green', '700'),
    warning: palette('amber', '700'),
    info: palette('sky', '700'),
  },
  shadows: {
    xs: { value: { base: '0 1px 2px rgb(15 23 42 / 0.06)', _dark: '0 1px 2px rgb(0 0 0 / 0.5)' } },
    sm: {
      value: {
        base: '0 1px 3px rgb(15 23 42 / 0.08), 0 1px 2px rgb(15 23 42 / 0.04)',
        _dark: '0 1px 3px rgb(0 0 0 / 0.5)',
      },
    },
    md: {
      value: {
        base: '0 4px 12px -2px rgb(15 23 42 / 0.10), 0 2px 4px -2px rgb(15 23 42 / 0.06)',
        _dark: '0 4px 12px -2px rgb(0 0 0 / 0.6)',
      },
    },
    lg: {
      value: {
        base: '0 16px 40px -8px rgb(15 23 42 / 0.18), 0 4px 12px -4px rgb(15 23 42 / 0.08)',
        _dark: '0 16px 40px -8px rgb(0 0 0 / 0.7), 0 0 0 1px {colors.slate.700}',
      },
    },
  },
  radii: {
    l1: { value: '{radii.sm}' },
    l2: { value: '{radii.md}' },
    l3: { value: '{radii.lg}' },
    l4: { value: '{radii.2xl}' },
  },
})

export const keyframes = {
  'fade-in': { from: { opacity: 0 }, to: { opacity: 1 } },
  'fade-out': { from: { opacity: 1 }, to: { opacity: 0 } },
  'dialog-in': {
    from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' },
    to: { opacity: 1, transform: 'translateY(0) scale(1)' },
  },
  'dialog-out': {
    from: { opacity: 1, transform: 'scale(1)' },
    to: { opacity: 0, transform: 'scale(0.98)' },
  },
  // Side drawers set --drawer-offset to -100% or 100% depending on their side and the direction.
  'drawer-in': {
    from: { transform: 'translateX(var(--drawer-offset, -100%))' },
    to: { transform: 'translateX(0)' },
  },
  'drawer-out': {
    from: { transform: 'translateX(0)' },
    to: { transform: 'translateX(var(--drawer-offset, -100%))' },
  },
}

export const textStyles = defineTextStyles({
  xs: { value: { fontSize: '0.75rem', lineHeight: '1rem' } },
  sm: { value: { fontSize: '0.875rem', lineHeight: '1.25rem' } },
  md: { value: { fontSize: '1rem', lineHeight: '1.5rem' } },
  lg: { value: { fontSize: '1.125rem', lineHeight: '1.75rem' } },
  xl: { value: { fontSize: '1.25rem', lineHeight: '1.75rem', letterSpacing: '-0.01em' } },
  '2xl': { value: { fontSize: '1.5rem', lineHeight: '2rem', letterSpacing: '-0.015em' } },
  '3xl': { value: { fontSize: '1.875rem', lineHeight: '2.25rem', letterSpacing: '-0.02em' } },
  '4xl': { value: { fontSize: '2.25rem', lineHeight: '2.5rem', letterSpacing: '-0.025em' } },
})

const MOTION_OFF = {
  animationDuration: '0.01ms !important',
  animationIterationCount: '1 !important',
  transitionDuration: '0.01ms !important',
}

export const globalCss = defineGlobalStyles({
  html: {
    colorScheme: 'light',
    fontFamily: 'body',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
    // `_dark` means "inside a dark ancestor"; <html> itself carries the marker, hence the `&` selectors.
    '&.dark, &[data-theme="dark"]': { colorScheme: 'dark' },
  },
  body: {
    bg: 'bg.canvas',
    color: 'fg.default',
    textStyle: 'sm',
    minHeight: '100dvh',
  },
  '*, *::before, *::after': {
    borderColor: 'border.default',
  },
  '::selection': {
    bg: 'accent.subtleHover',
  },
  // The layout settings panel's "animations off" (the preferences set data-animations on <html>), and
  // the system's reduced motion: every animation jumps to its end. A looping one (spinner, loading
  // pulse) plays once: on a 0.01 ms cycle it would show a random step of it at each frame, a flicker.
  '[data-animations="off"] *, [data-animations="off"] *::before, [data-animations="off"] *::after':
    MOTION_OFF,
  '@media (prefers-reduced-motion: reduce)': { '*, *::before, *::after': MOTION_OFF },
})
