// The client list's query string (GET api/v2/franchises/clients and the loyalty card's clients): the
// same names, bounds and defaults wherever a client list is served. Query values arrive as text.
import {
  array,
  coerce,
  defaulted,
  enums,
  integer,
  max,
  min,
  type Struct,
  size,
  string,
  type,
  union,
} from 'superstruct'
import {
  ACQUISITION_SOURCES,
  CLIENT_LIST_DEFAULTS,
  CLIENT_SORT_FIELDS,
  CLIENT_TYPES,
} from '../../domain/clients'

/** A repeated query parameter (?a=1&a=2), or a single one, as a list. */
export const queryList = <T>(item: Struct<T, unknown>) =>
  coerce(array(item), union([string(), array(string())]), (v) => (Array.isArray(v) ? v : [v]))

/** A whole number in [lo, hi] read from the query, `dflt` when absent. */
export const queryInt = (lo: number, hi: number, dflt: number) =>
  defaulted(
    coerce(min(max(integer(), hi), lo), string(), (v) => Number(v)),
    dflt,
  )

export const ClientListQuery = type({
  page: queryInt(1, 1_000_000, CLIENT_LIST_DEFAULTS.page),
  size: queryInt(1, 100, CLIENT_LIST_DEFAULTS.size),
  sort: defaulted(enums(CLIENT_SORT_FIELDS), CLIENT_LIST_DEFAULTS.sort),
  order: defaulted(enums(['asc', 'desc'] as const), CLIENT_LIST_DEFAULTS.order),
  filter: defaulted(size(string(), 0, 100), ''),
  acquiredFrom: defaulted(queryList(enums(ACQUISITION_SOURCES)), []),
  clientType: defaulted(queryList(enums(CLIENT_TYPES)), []),
})
