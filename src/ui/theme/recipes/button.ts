import { defineRecipe } from '@pandacss/dev'

// Intent is carried by `colorPalette` (accent, danger, neutral): the variants only decide how the
// palette is applied, so a destructive outline button needs no extra recipe.
export const button = defineRecipe({
  className: 'button',
  jsx: ['Button'],
  base: {
    colorPalette: 'accent',
    alignItems: 'center',
    appearance: 'none',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    display: 'inline-flex',
    flexShrink: '0',
    fontWeight: 'semibold',
    gap: '2',
    justifyContent: 'center',
    outline: 'none',
    position: 'relative',
    transitionDuration: 'fast',
    transitionProperty: 'background, border-color, color, box-shadow, opacity',
    transitionTimingFunction: 'default',
    userSelect: 'none',
    verticalAlign: 'middle',
    whiteSpace: 'nowrap',
    _focusVisible: {
      outline: '2px solid',
      outlineColor: 'colorPalette.focusRing',
      outlineOffset: '2px',
    },
    _disabled: { cursor: 'not-allowed', opacity: 0.55 },
    // A busy button keeps its label for screen readers but is not clickable and shows a wait cursor.
    '&[aria-busy=true]': { cursor: 'progress', opacity: 0.85 },
    '& svg': { flexShrink: '0', width: '1.1em', height: '1.1em' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'colorPalette.solid',
        color: 'colorPalette.contrast',
        boxShadow: 'xs',
        _hover: { _enabled: { bg: 'colorPalette.solidHover' } },
      },
      outline: {
        bg: 'bg.default',
        borderColor: 'colorPalette.border',
        color: 'colorPalette.text',
        _hover: { _enabled: { bg: 'colorPalette.subtle' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'colorPalette.text',
        _hover: { _enabled: { bg: 'colorPalette.subtle' } },
      },
    },
    tone: {
      accent: { colorPalette: 'accent' },
      danger: { colorPalette: 'danger' },
      neutral: { colorPalette: 'neutral' },
    },
    size: {
      sm: { h: '8', minW: '8', px: '3', textStyle: 'xs' },
      md: { h: '10', minW: '10', px: '4', textStyle: 'sm' },
      lg: { h: '12', minW: '12', px: '5', textStyle: 'md' },
    },
    fullWidth: {
      true: { width: 'full' },
      false: {},
    },
    iconOnly: {
      true: { px: '0' },
      false: {},
    },
  },
  defaultVariants: { variant: 'solid', tone: 'accent', size: 'md', fullWidth: false, iconOnly: false },
})
