import { object, pattern, string } from 'superstruct'

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every entity id is a UUID; anything else is refused as bad input before it reaches the database. */
export const Id = pattern(string(), UUID_PATTERN)
export const IdParams = object({ id: Id })
export const isId = (v: unknown): v is string => typeof v === 'string' && UUID_PATTERN.test(v)
