// Hostile input for the fuzz: one part of a valid request (a path parameter, a query value, a body
// field — or the whole body) replaced by a value a client may send: a wrong type, a NUL or a lone
// surrogate, an extreme number or date, a huge string, a deep nesting, a prototype key.
import fc from 'fast-check'
import type { Struct } from 'superstruct'

export type Part = 'params' | 'query' | 'body'
/** `key` null: the whole part is replaced (a body that is a string, an array, a deep nesting…). */
export type Mutation = { part: Part; key: string | null; value: unknown }

/** Arrays nested `depth` deep, written out only in the request's text (too deep for fc to print). */
class Deep {
  constructor(readonly depth: number) {}
  [fc.toStringMethod]() {
    return `Deep(${this.depth})`
  }
  toJSON() {
    return `\u0001deep${this.depth}\u0001`
  }
}
const DEEP_TOKEN = /"\\u0001deep(\d+)\\u0001"/g

/** A value as JSON text, its Deep parts written out. */
export const toJson = (v: unknown): string | undefined =>
  JSON.stringify(v)?.replace(DEEP_TOKEN, (_m, n) => `${'['.repeat(Number(n))}${']'.repeat(Number(n))}`)

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype']

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, '', ' ', [], {}, [null], { a: 1 }),
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '\uD800',
    'x\uDC00y',
    'ok\uD83D',
    '%00',
    '../../x',
    "' or 1=1 --",
    '<b>',
  ),
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    -0,
    0.5,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 63,
    1e21,
  ),
  fc.double({ noNaN: true }),
  fc.constantFrom(
    '0000-01-01',
    '-001000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '2026-02-30',
    '1970-01-01',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    'x'.repeat(100_000),
    'é'.repeat(300_000),
    Array.from({ length: 5_000 }, () => 'x'),
  ),
  fc.constantFrom(new Deep(70), new Deep(5_000), { a: new Deep(200) }),
  fc.constantFrom(...PROTO_KEYS).map((k) => withKey({}, k, { isAdmin: true, role: 'LB_TECH' })),
)

/** The keys a struct declares (object and type structs), else none. */
export const structKeys = (s: Struct<unknown, unknown> | undefined): string[] =>
  s?.schema && typeof s.schema === 'object' && !Array.isArray(s.schema) ? Object.keys(s.schema) : []

/** Mutations of a request whose parts have these keys. */
export function mutations(keys: Partial<Record<Part, string[]>>): fc.Arbitrary<Mutation> {
  const parts = Object.entries(keys) as [Part, string[]][]
  return fc.constantFrom(...parts).chain(([part, known]) =>
    fc.record({
      part: fc.constant(part),
      // A path has only its parameters: each run replaces one (a valid request must not slip through).
      key:
        part === 'params'
          ? fc.constantFrom(...known)
          : fc.oneof(
              { weight: 6, arbitrary: known.length ? fc.constantFrom(...known) : fc.constant('x') },
              { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
              { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
              { weight: part === 'body' ? 1 : 0, arbitrary: fc.constant(null) },
            ),
      value: hostileValue,
    }),
  )
}

/** `o` with an own property `key` (even `__proto__`, which a literal would not create). */
export function withKey(o: object, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...o }
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true })
  return copy
}

/** A value as the text of a path or query parameter. */
export const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

/** Percent-encodes, a lone surrogate as the bytes a client could still send for it. */
export function encode(s: string): string {
  try {
    return encodeURIComponent(s)
  } catch {
    return [...s].map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('')
  }
}
