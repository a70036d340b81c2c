import type { Db } from '../client'

export type SeedContext = {
  db: Db
  log: (message: string) => void
}

/** One seed module per product area; later areas read what earlier ones created. */
export type SeedModule = {
  name: string
  run(ctx: SeedContext): Promise<void>
}

export const DEMO_PASSWORD = 'demo-password'
