// Superstruct → JSON Schema 2020-12 (the dialect of OpenAPI 3.1), for the API document. A struct keeps
// its kind (`type`) and, for objects, arrays and enums, its parts (`schema`); refinements (size,
// pattern, min, max) live only in closures, so they are read back by running the struct's refiner on
// probe values and reading the failures superstruct writes. Wrappers that change no shape (optional,
// nullable, defaulted, coerce) keep the inner struct's kind: optional is read as "not required",
// nullable as "null allowed", a coercion as its target type (a query's "12" is described as an integer,
// as OpenAPI describes query values). A refine() of another name keeps the base type.
import { type Struct, union as superUnion } from 'superstruct'
import { UUID_PATTERN } from '../../domain/ids'

export type JsonSchema = Record<string, unknown>
// biome-ignore lint/suspicious/noExplicitAny: any struct, whatever the value type it checks
export type AnyStruct = Struct<any, unknown>

// superstruct's union() keeps only its members' kind names; unions built with `union` below remember
// their members so the document can describe each.
const MEMBERS = new WeakMap<object, readonly AnyStruct[]>()

/** superstruct's union, remembering its members for the API document. */
export const union: typeof superUnion = ((structs: AnyStruct[]) => {
  const s = superUnion(structs as [AnyStruct])
  MEMBERS.set(s, structs)
  return s
}) as typeof superUnion

/** A response that is not JSON (an HTML page, a CSV file, a redirect, an empty 204). */
const MEDIA = new WeakMap<object, { mediaType: string | null; description: string }>()
export const mediaOf = (s: unknown) => (s && typeof s === 'object' ? MEDIA.get(s) : undefined)
export function describeMedia<S extends AnyStruct>(s: S, mediaType: string | null, description: string): S {
  MEDIA.set(s, { mediaType, description })
  return s
}

const ctx = (value: unknown) => ({ branch: [value], path: [] as unknown[] })

/** A value that reads as huge to size() without costing a huge string or array. */
const HUGE = { length: 2 ** 31, size: 2 ** 31, toString: () => '' }

type Failure = { message: string; refinement?: string }

/** The refinements' failures for one probe, each with the last RegExp the refiner tested. */
function refinementsAt(struct: AnyStruct, probe: unknown): Array<Failure & { regexp?: RegExp }> {
  const out: Array<Failure & { regexp?: RegExp }> = []
  const test = RegExp.prototype.test
  let last: RegExp | undefined
  RegExp.prototype.test = function (this: RegExp, s: string) {
    last = this
    return test.call(this, s)
  }
  try {
    const it = struct.refiner(probe as never, ctx(probe) as never)[Symbol.iterator]()
    for (;;) {
      last = undefined
      const step = it.next()
      if (step.done) break
      const f = step.value as Failure
      out.push(last ? { ...f, regexp: last } : f)
    }
  } catch {
    // A custom refiner that cannot read the probe: the refinements seen so far are what is known.
  } finally {
    RegExp.prototype.test = test
  }
  return out
}

const BETWEEN = /between `(-?[\d.e+]+)` and `(-?[\d.e+]+)`|of `(-?[\d.e+]+)`/

/** size / pattern / min / max, read from the failures of probes that break them. */
function refinements(struct: AnyStruct, kind: 'string' | 'number' | 'array'): JsonSchema {
  const out: JsonSchema = {}
  const probes =
    kind === 'number'
      ? [-Number.MAX_VALUE, Number.MAX_VALUE]
      : kind === 'string'
        ? ['', '\u0001', HUGE]
        : [[], HUGE]
  for (const probe of probes)
    for (const f of refinementsAt(struct, probe)) {
      if (f.refinement === 'size') {
        const m = BETWEEN.exec(f.message)
        if (!m) continue
        const lo = Number(m[1] ?? m[3])
        const hi = Number(m[2] ?? m[3])
        const [a, b] =
          kind === 'string'
            ? ['minLength', 'maxLength']
            : kind === 'array'
              ? ['minItems', 'maxItems']
              : ['minimum', 'maximum']
        if (lo > 0 || kind === 'number') out[a] = lo
        if (Number.isFinite(hi)) out[b] = hi
      } else if (f.refinement === 'nonempty') {
        out[kind === 'array' ? 'minItems' : 'minLength'] = 1
      } else if (f.refinement === 'pattern' && f.regexp) {
        // JSON Schema patterns take no flags: a case-insensitive one is only described (ids: uuid).
        if (f.regexp.flags.replace(/[gu]/g, '') === '') out.pattern = f.regexp.source
        else if (f.regexp.source === UUID_PATTERN.source) out.format = 'uuid'
        else out.description = `matches /${f.regexp.source}/${f.regexp.flags}`
      } else if (f.refinement === 'min' || f.refinement === 'max') {
        const m = / (?:greater|less) than (?:or equal to )?(-?[\d.e+]+)/.exec(f.message)
        if (m) out[f.refinement === 'min' ? 'minimum' : 'maximum'] = Number(m[1])
      }
    }
  return out
}

const accepts = (struct: AnyStruct, value: unknown) => {
  try {
    return struct.validate(value)[0] === undefined
  } catch {
    return false
  }
}

/** Whether the struct lets `undefined` through (optional, or a default fills it). */
export const isOptional = (struct: AnyStruct) => {
  const [error] = struct.validate(undefined, { coerce: true })
  return error === undefined
}

const withNull = (schema: JsonSchema): JsonSchema => {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] }
  if (Array.isArray(schema.enum)) return { ...schema, enum: [...schema.enum, null] }
  return { anyOf: [schema, { type: 'null' }] }
}

const SIMPLE: Record<string, JsonSchema> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  any: {},
  unknown: {},
  date: { type: 'string', format: 'date-time' },
  bigint: { type: 'integer' },
  never: { not: {} },
}

/** The JSON Schema of a struct; `seen` cuts cycles (a lazy struct referring to itself). */
export function toJsonSchema(struct: AnyStruct, seen = new Set<AnyStruct>()): JsonSchema {
  if (seen.has(struct)) return {}
  seen.add(struct)
  try {
    const schema = shapeOf(struct, seen)
    const media = MEDIA.get(struct)
    const described = media ? { ...schema, description: media.description } : schema
    return !isUnconstrained(described) && accepts(struct, null) ? withNull(described) : described
  } finally {
    seen.delete(struct)
  }
}

const isUnconstrained = (s: JsonSchema) => Object.keys(s).filter((k) => k !== 'description').length === 0

function shapeOf(struct: AnyStruct, seen: Set<AnyStruct>): JsonSchema {
  const kind = struct.type
  switch (kind) {
    case 'string':
      return { type: 'string', ...refinements(struct, 'string') }
    case 'number':
    case 'integer':
      return { type: kind, ...refinements(struct, 'number') }
    case 'object':
    case 'type': {
      const shape = (struct.schema ?? {}) as Record<string, AnyStruct>
      const properties: Record<string, JsonSchema> = {}
      const required: string[] = []
      for (const [key, s] of Object.entries(shape)) {
        properties[key] = toJsonSchema(s, seen)
        if (!isOptional(s)) required.push(key)
      }
      return {
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        // object() refuses unknown keys; type() lets them through.
        ...(kind === 'object' && struct.schema ? { additionalProperties: false } : {}),
      }
    }
    case 'array': {
      const items = struct.schema as AnyStruct | undefined
      return {
        type: 'array',
        ...(items ? { items: toJsonSchema(items, seen) } : {}),
        ...refinements(struct, 'array'),
      }
    }
    case 'enums':
      return { enum: Object.values(struct.schema as Record<string, unknown>) }
    case 'literal': {
      const c = struct.schema
      return c === null ? {} : { const: c }
    }
    case 'record': {
      // record()'s key and value structs are only handed out by its entries() walk.
      const [[, , key], [, , value]] = [...struct.entries({ k: 0 } as never, ctx({}) as never)] as [
        [unknown, unknown, AnyStruct],
        [unknown, unknown, AnyStruct],
      ]
      const keys = toJsonSchema(key, seen)
      return {
        type: 'object',
        ...(isUnconstrained(keys) || (keys.type === 'string' && Object.keys(keys).length === 1)
          ? {}
          : { propertyNames: keys }),
        additionalProperties: toJsonSchema(value, seen),
      }
    }
    case 'tuple': {
      const parts = [...struct.entries([] as never, ctx([]) as never)].map(([, , s]) =>
        toJsonSchema(s as AnyStruct, seen),
      )
      return { type: 'array', prefixItems: parts, minItems: parts.length, maxItems: parts.length }
    }
    case 'union': {
      const members = MEMBERS.get(struct)
      if (members) return { anyOf: members.map((m) => toJsonSchema(m, seen)) }
      const kinds = unionKinds(struct)
      return kinds ? { anyOf: kinds.map((k) => SIMPLE[k]!) } : {}
    }
    default:
      return SIMPLE[kind] ?? {}
  }
}

/** A plain superstruct union: its members' kinds, from the message it writes on a value none accept. */
function unionKinds(struct: AnyStruct): string[] | undefined {
  const [error] = struct.validate(Symbol('none'))
  const m = error && /a union of `([^`]*)`/.exec(error.message)
  const kinds = m?.[1]?.split(' | ') ?? []
  // One kind without a plain JSON meaning makes the whole union open: better unconstrained than wrong.
  return kinds.length && kinds.every((k) => k in SIMPLE && k !== 'date') ? kinds : undefined
}
