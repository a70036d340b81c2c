import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { FORM_MESSAGE_VALUES } from '../../domain/auth-forms'
import type { MessageId } from '../../ui/i18n/messages'

type Values = Record<string, string | number>

/**
 * Message helpers for the auth pages: `t` for ids known at compile time, `say` for the ids machines
 * hand over (field and form errors). `say` fills the form placeholders ({min} …) and shows a text that
 * is not a catalogue id (a server message) as it is.
 */
export function useAuthMessages() {
  const intl = useIntl()
  const t = useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id }, values), [intl])
  const say = useCallback(
    (idOrText: string | null | undefined) => {
      if (!idOrText) return undefined
      return idOrText in intl.messages
        ? intl.formatMessage({ id: idOrText as MessageId }, FORM_MESSAGE_VALUES)
        : idOrText
    },
    [intl],
  )
  return { t, say, intl }
}
