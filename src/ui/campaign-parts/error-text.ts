// The campaign parts' error wording: a rule's error code of src/domain (filterErrors, the draft's rules)
// as its communication.errors message.
import type { MessageId } from '../i18n/messages'
import { useT } from '../i18n/t'

/** The message of an error code of src/domain (filterErrors, the draft's rules). */
export const errorId = (code: string) =>
  `communication.errors.${/^[A-Z_]+$/.test(code) ? code.toLowerCase().replace(/_/g, '-') : code}` as MessageId

export function useErrorText() {
  const t = useT()
  return (code: string | undefined) => (code ? t(errorId(code)) : undefined)
}
