// WCAG 2 contrast of #rrggbb colours: a franchise picks its own colours, and what is written with or on
// them must still be readable (4.5:1 for text) in the light and the dark theme.
import { HEX_COLOR } from './franchise-settings'

/** WCAG AA for normal-size text. */
export const TEXT_CONTRAST = 4.5

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const
}
const hex = (channels: readonly number[]) =>
  `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
const linear = (v: number) => {
  const c = v / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

export function luminance(colour: string): number {
  const [r, g, b] = rgb(colour)
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Black or white, whichever reads better on `background`. */
export function textOn(background: string): string {
  if (!HEX_COLOR.test(background)) return '#000000'
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff'
}

/**
 * `colour` itself when text in it reads on `background`; otherwise the nearest shade (mixed towards
 * black or white, away from the background) that does, so the brand hue stays recognisable.
 */
export function readableOn(colour: string, background: string, ratio = TEXT_CONTRAST): string {
  if (!HEX_COLOR.test(colour) || !HEX_COLOR.test(background)) return colour
  const from = rgb(colour)
  const to = rgb(textOn(background))
  for (let step = 0; step <= 20; step++) {
    const mixed = hex(from.map((c, i) => c + ((to[i] ?? c) - c) * (step / 20)))
    if (contrastRatio(mixed, background) >= ratio) return mixed
  }
  return textOn(background)
}
