import { type ReactNode, use, useCallback, useDeferredValue } from 'react'
import { IntlProvider as ReactIntlProvider, useIntl } from 'react-intl'
import { type Locale, pickLocale } from '../../domain/locale'
import { formatDate } from './date'
import { loadMessages } from './messages'

/** The locale the browser asks for, before any stored choice exists (a machine will own that later). */
export function detectLocale(): Locale {
  return pickLocale(typeof navigator === 'undefined' ? undefined : navigator.language)
}

export interface AppIntlProviderProps {
  /** Forced locale (stories, tests, the future settings machine); detected from the browser otherwise. */
  locale?: Locale
  children: ReactNode
}

/**
 * Suspends until the language's messages are loaded (at once when they already are). On a change of
 * language the page stays in the previous one until the new messages arrive (a deferred value).
 */
export function AppIntlProvider({ locale, children }: AppIntlProviderProps) {
  const active = useDeferredValue(locale ?? detectLocale())
  const catalogue = loadMessages(active)
  const messages = catalogue.value ?? use(catalogue.promise)
  return (
    <ReactIntlProvider locale={active} defaultLocale="fr" messages={messages}>
      {children}
    </ReactIntlProvider>
  )
}

/** The active locale, narrowed to the product's locales. */
export function useLocale(): Locale {
  const { locale } = useIntl()
  return locale === 'en' ? 'en' : 'fr'
}

/**
 * formatDate bound to the active locale (MM/DD/YYYY in English, DD/MM/YYYY in French) and, when given,
 * a time zone (the franchise's: its dates are its days, wherever the browser is).
 */
export function useFormatDate(timeZone?: string): (value: Date | string | number) => string {
  const locale = useLocale()
  return useCallback((value) => formatDate(value, locale, timeZone), [locale, timeZone])
}
