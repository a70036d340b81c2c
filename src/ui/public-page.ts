// The look of the customers' public pages (the scan page, the campaign coupon page): touch targets of
// at least 48 px, the franchise's colours through --scan-* variables, and money in its currency.
import type { CSSProperties } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { token } from 'styled-system/tokens'
import { readableOn, textOn } from '../domain/colour'

export function useMoney() {
  const intl = useIntl()
  return (cents: number, currency: string) => intl.formatNumber(cents / 100, { style: 'currency', currency })
}

/** Touch targets of at least 48 px; the franchise's colours through --scan-* variables. */
export const publicPage = {
  page: css({
    minH: '100dvh',
    bg: 'var(--scan-tertiary, #f8fafc)',
    color: 'var(--scan-on-tertiary, #0f172a)',
    // Text in the primary colour sits on the cards (bg.default): its shade for the theme's cards.
    '--scan-text': 'var(--scan-primary-light, #1e3a8a)',
    _dark: { '--scan-text': 'var(--scan-primary-dark, #93c5fd)' },
    display: 'flex',
    flexDir: 'column',
    alignItems: 'center',
  }),
  header: css({
    width: 'full',
    bg: 'var(--scan-primary, #1e3a8a)',
    color: 'var(--scan-on-primary, white)',
    px: '5',
    py: '6',
    display: 'flex',
    gap: '4',
    alignItems: 'center',
    justifyContent: 'center',
  }),
  logo: css({ w: '14', h: '14', borderRadius: 'full', objectFit: 'cover', bg: 'white' }),
  // A line each even before the page's answer names them, so the header does not grow under the reader.
  franchise: css({ fontWeight: 'semibold', opacity: 0.9, minH: '1lh' }),
  title: css({ fontSize: '2xl', fontWeight: 'bold', lineHeight: 'tight' }),
  store: css({ fontSize: 'sm', opacity: 0.9, minH: '1lh' }),
  body: css({ width: 'full', maxW: '32rem', px: '4', py: '5', display: 'flex', flexDir: 'column', gap: '4' }),
  card: css({
    bg: 'bg.default',
    color: 'fg.default',
    borderRadius: 'l3',
    boxShadow: 'sm',
    p: '5',
    display: 'flex',
    flexDir: 'column',
    gap: '3',
  }),
  cardImage: css({ width: 'full', maxH: '40', objectFit: 'cover', borderRadius: 'l2' }),
  h2: css({ fontSize: 'lg', fontWeight: 'semibold' }),
  status: css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'center', py: '8' }),
  // The theme's tokens (`fg.error` and `fg.warning` do not exist and drew plain text).
  error: css({ color: 'danger.text', fontWeight: 'medium' }),
  warning: css({ color: 'warning.text', fontWeight: 'medium' }),
  highlight: css({
    bg: 'var(--scan-secondary, #f59e0b)',
    color: 'var(--scan-on-secondary, black)',
    borderRadius: 'l2',
    p: '3',
    fontWeight: 'semibold',
  }),
  input: css({ minH: '12', fontSize: 'lg' }),
  primary: css({
    width: 'full',
    minH: '12',
    bg: 'var(--scan-primary, #1e3a8a)!',
    color: 'var(--scan-on-primary, white)!',
  }),
  wide: css({
    width: 'full',
    minH: '12',
    color: 'var(--scan-text)!',
    borderColor: 'var(--scan-primary, #1e3a8a)!',
  }),
  link: css({
    alignSelf: 'flex-start',
    minH: '12',
    color: 'var(--scan-text)',
    textDecoration: 'underline',
    cursor: 'pointer',
  }),
  phone: css({ fontSize: '2xl', fontWeight: 'bold', textAlign: 'center' }),
  countdown: css({ fontSize: 'xl', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }),
  actions: css({ display: 'flex', flexDir: 'column', gap: '3' }),
  points: css({
    fontSize: '4xl',
    fontWeight: 'bold',
    textAlign: 'center',
    color: 'var(--scan-text)',
  }),
  balance: css({ fontSize: 'lg', textAlign: 'center' }),
  list: css({ display: 'flex', flexDir: 'column', gap: '3' }),
  item: css({ display: 'flex', flexDir: 'column', gap: '1', borderBottomWidth: '1px', pb: '3' }),
  itemName: css({ fontWeight: 'semibold' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  badge: css({
    alignSelf: 'flex-start',
    fontSize: 'sm',
    fontWeight: 'semibold',
    color: 'var(--scan-text)',
  }),
  stars: css({ display: 'flex', gap: '1', border: 'none', p: '0' }),
  star: css({
    minW: '12',
    minH: '12',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '3xl',
    cursor: 'pointer',
    color: 'fg.subtle',
    '&[data-on]': { color: 'var(--scan-secondary, #f59e0b)' },
    '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'var(--scan-primary, #1e3a8a)' },
  }),
  srOnly: css({ srOnly: true }),
  textarea: css({ width: 'full', minH: '24', borderWidth: '1px', borderRadius: 'l2', p: '3' }),
  video: css({ width: 'full', aspectRatio: '1', objectFit: 'cover', borderRadius: 'l2', bg: 'black' }),
}

/**
 * The franchise's colours as the pages' CSS variables: black or white text on them, and the primary
 * shaded where it would not read on the cards of the light or the dark theme.
 */
export function franchiseThemeStyle(
  theme: { primaryColor: string; secondaryColor: string; tertiaryColor: string } | null | undefined,
): CSSProperties | undefined {
  if (!theme) return undefined
  return {
    '--scan-primary': theme.primaryColor,
    '--scan-secondary': theme.secondaryColor,
    '--scan-tertiary': theme.tertiaryColor,
    '--scan-on-primary': textOn(theme.primaryColor),
    '--scan-on-secondary': textOn(theme.secondaryColor),
    '--scan-on-tertiary': textOn(theme.tertiaryColor),
    '--scan-primary-light': readableOn(theme.primaryColor, token('colors.white')),
    '--scan-primary-dark': readableOn(theme.primaryColor, token('colors.slate.900')),
  } as CSSProperties
}
