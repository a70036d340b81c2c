// Types of ensure-chromium.mjs (plain JavaScript: `npm test` runs it before anything is compiled).
export const CHROMIUM: string
export const HEADLESS_SHELL: string
export function ensureChromium(): void
