import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement, ReactNode } from 'react'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { Locale } from '../../src/domain/locale'
import { ClockProvider } from '../../src/ui/i18n/clock'
import { AppIntlProvider } from '../../src/ui/i18n/IntlProvider'

/**
 * Renders inside the app's providers (English by default so assertions read naturally), with an
 * in-memory router whose history the test can read. `rerender` keeps the providers. `timeZone`: the
 * signed-in franchise's, as the shell provides it (the browser's when none).
 */
export function renderUi(
  ui: ReactElement,
  { locale = 'en', path = '/', timeZone }: { locale?: Locale; path?: string; timeZone?: string } = {},
) {
  const location = memoryLocation({ path, record: true })
  const user = userEvent.setup()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppIntlProvider locale={locale}>
      <ClockProvider timeZone={timeZone}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {children}
        </Router>
      </ClockProvider>
    </AppIntlProvider>
  )
  return { user, location, ...render(ui, { wrapper }) }
}
