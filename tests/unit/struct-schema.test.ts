// The superstruct → JSON Schema converter the API document is written with (src/server/openapi).
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  literal,
  max,
  min,
  nonempty,
  nullable,
  number,
  object,
  optional,
  pattern,
  union as plainUnion,
  record,
  refine,
  size,
  string,
  trimmed,
  type,
} from 'superstruct'
import { describe, expect, it } from 'vitest'
import { Id } from '../../src/domain/ids'
import { toJsonSchema, union } from '../../src/server/openapi/struct-schema'

describe('struct → JSON Schema', () => {
  it('reads strings with their size and pattern', () => {
    expect(toJsonSchema(size(string(), 1, 80))).toEqual({ type: 'string', minLength: 1, maxLength: 80 })
    expect(toJsonSchema(size(string(), 0, 100))).toEqual({ type: 'string', maxLength: 100 })
    expect(toJsonSchema(size(string(), 6))).toEqual({ type: 'string', minLength: 6, maxLength: 6 })
    expect(toJsonSchema(pattern(string(), /^\d{4}-\d{2}-\d{2}$/))).toEqual({
      type: 'string',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    })
    expect(toJsonSchema(nonempty(string()))).toEqual({ type: 'string', minLength: 1 })
    // Flags have no JSON Schema form: a case-insensitive pattern is described, not enforced wrongly.
    expect(toJsonSchema(Id)).toEqual({ type: 'string', format: 'uuid' })
    expect(toJsonSchema(pattern(string(), /^ab$/i))).toEqual({
      type: 'string',
      description: 'matches /^ab$/i',
    })
  })

  it('reads numbers and integers with their bounds', () => {
    expect(toJsonSchema(min(max(integer(), 100), 1))).toEqual({ type: 'integer', minimum: 1, maximum: 100 })
    expect(toJsonSchema(min(number(), 0))).toEqual({ type: 'number', minimum: 0 })
    expect(toJsonSchema(size(number(), 2, 5))).toEqual({ type: 'number', minimum: 2, maximum: 5 })
  })

  it('unwraps defaulted, coerce and trimmed to their inner type; keeps a refine as its base', () => {
    const queryInt = defaulted(
      coerce(min(max(integer(), 50), 1), string(), (v) => Number(v)),
      10,
    )
    expect(toJsonSchema(queryInt)).toEqual({ type: 'integer', minimum: 1, maximum: 50 })
    expect(toJsonSchema(trimmed(size(string(), 1, 9)))).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 9,
    })
    const even = refine(integer(), 'even', (v) => v % 2 === 0)
    expect(toJsonSchema(even)).toEqual({ type: 'integer' })
  })

  it('reads objects: optional keys are not required, object() refuses other keys, type() allows them', () => {
    const s = object({ name: string(), note: optional(string()), page: defaulted(integer(), 1) })
    expect(toJsonSchema(s)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, note: { type: 'string' }, page: { type: 'integer' } },
      required: ['name'],
      additionalProperties: false,
    })
    expect(toJsonSchema(type({ ok: boolean() }))).toEqual({
      type: 'object',
      properties: { ok: { type: 'boolean' } },
      required: ['ok'],
    })
  })

  it('reads enums, literals, nullable, arrays and records', () => {
    expect(toJsonSchema(enums(['a', 'b']))).toEqual({ enum: ['a', 'b'] })
    expect(toJsonSchema(nullable(enums(['a'])))).toEqual({ enum: ['a', null] })
    expect(toJsonSchema(literal(3))).toEqual({ const: 3 })
    expect(toJsonSchema(nullable(string()))).toEqual({ type: ['string', 'null'] })
    expect(toJsonSchema(nullable(object({ a: string() })))).toMatchObject({ type: ['object', 'null'] })
    expect(toJsonSchema(size(array(integer()), 1, 3))).toEqual({
      type: 'array',
      items: { type: 'integer' },
      minItems: 1,
      maxItems: 3,
    })
    expect(toJsonSchema(record(string(), number()))).toEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
    })
    expect(toJsonSchema(record(enums(['x', 'y']), boolean()))).toEqual({
      type: 'object',
      propertyNames: { enum: ['x', 'y'] },
      additionalProperties: { type: 'boolean' },
    })
  })

  it('reads unions: members when built with our union, kinds from a plain one', () => {
    expect(toJsonSchema(union([string(), object({ a: integer() })]))).toEqual({
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          properties: { a: { type: 'integer' } },
          required: ['a'],
          additionalProperties: false,
        },
      ],
    })
    expect(toJsonSchema(plainUnion([string(), number()]))).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    })
    // A plain union of objects cannot be read: it stays open rather than wrong.
    expect(toJsonSchema(plainUnion([object({ a: string() }), string()]))).toEqual({})
  })
})
