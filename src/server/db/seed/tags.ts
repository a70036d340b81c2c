// Placeholder of the loyalty issue's foundation commit: demo NFC/QR tags (sale issue).
import type { SeedModule } from './types'

export const tagsSeed: SeedModule = { name: 'tags', async run() {} }
