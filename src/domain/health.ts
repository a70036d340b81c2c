// GET /api/health: the database answered.
import { enums, literal, type } from 'superstruct'

export const HealthResponse = type({ status: literal('ok'), database: enums(['pglite', 'postgres']) })
