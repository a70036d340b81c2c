// GET /api/health: the database answered. GET /api/health/live: the process runs (no database asked).
// GET /api/health/ready: this process takes work (issue 37 §1): 503 while it drains before a stop, or
// when its database does not answer, so a load balancer sends it nothing new.
import { enums, literal, type } from 'superstruct'

export const HealthResponse = type({ status: literal('ok'), database: enums(['pglite', 'postgres']) })

export const LiveResponse = type({ status: literal('ok') })

export const ROLES = ['all', 'web', 'worker'] as const
export const ReadyResponse = type({ status: literal('ready'), role: enums(ROLES) })
export const NotReadyResponse = type({
  status: enums(['draining', 'database-unavailable']),
  role: enums(ROLES),
})
