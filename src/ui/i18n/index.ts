export { DATE_PATTERNS, formatDate } from './date'
export {
  AppIntlProvider,
  type AppIntlProviderProps,
  detectLocale,
  useFormatDate,
  useLocale,
} from './IntlProvider'
export { type Catalogue, loadAllMessages, loadMessages, type MessageId } from './messages'
