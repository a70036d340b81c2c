import type { MessageId } from './messages'

// Makes react-intl type-check message ids (formatMessage, FormattedMessage) against i18n/en.json,
// so a typo or a removed key fails `npm run typecheck` instead of showing a raw id to a merchant.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId
    }
  }
}
