// Placeholder of the loyalty issue's foundation commit: demo point-of-sale account, products and orders (POS).
import type { SeedModule } from './types'

export const posSeed: SeedModule = { name: 'pos', async run() {} }
