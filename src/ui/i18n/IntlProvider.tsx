import { type ReactNode, useCallback } from 'react'
import { IntlProvider as ReactIntlProvider, useIntl } from 'react-intl'
import { type Locale, pickLocale } from '../../domain/locale'
import { formatDate } from './date'
import { messages } from './messages'

/** The locale the browser asks for, before any stored choice exists (a machine will own that later). */
export function detectLocale(): Locale {
  return pickLocale(typeof navigator === 'undefined' ? undefined : navigator.language)
}

export interface AppIntlProviderProps {
  /** Forced locale (stories, tests, the future settings machine); detected from the browser otherwise. */
  locale?: Locale
  children: ReactNode
}

export function AppIntlProvider({ locale, children }: AppIntlProviderProps) {
  const active = locale ?? detectLocale()
  return (
    <ReactIntlProvider locale={active} defaultLocale="fr" messages={messages[active]}>
      {children}
    </ReactIntlProvider>
  )
}

/** The active locale, narrowed to the product's locales. */
export function useLocale(): Locale {
  const { locale } = useIntl()
  return locale === 'en' ? 'en' : 'fr'
}

/** formatDate bound to the active locale (MM/DD/YYYY in English, DD/MM/YYYY in French). */
export function useFormatDate(): (value: Date | string | number) => string {
  const locale = useLocale()
  return useCallback((value) => formatDate(value, locale), [locale])
}
