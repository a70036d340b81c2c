// The translator every screen uses, and how an enumeration value becomes part of a message id.
import { useIntl } from 'react-intl'
import type { MessageId } from './messages'

export type T = (id: MessageId, values?: Record<string, string | number | Date>) => string

/** `t(id, values)`: the message of the active language. */
export function useT(): T {
  const intl = useIntl()
  return (id, values) => intl.formatMessage({ id }, values)
}

/** An enumeration value as a message-id segment (ids have no underscores): MANUAL_AMOUNT → manual-amount. */
export const enumKey = <V extends string>(value: V) =>
  value.toLowerCase().replace(/_/g, '-') as Lowercase<V> extends infer L extends string ? Dashed<L> : never
type Dashed<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${Dashed<B>}` : S
