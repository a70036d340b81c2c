import { Route, Switch } from 'wouter'
import type { Locale } from './domain/locale'
import { LoginContainer } from './features/auth/LoginContainer'
import { NotFoundPage } from './features/shell/NotFoundPage'
import { Splash } from './features/shell/Splash'
import { AppIntlProvider } from './ui/i18n/IntlProvider'
import { useAccess, useSession } from './ui/session/hooks'
import { sessionInput } from './ui/session/runtime'
import { SessionContext } from './ui/session/SessionContext'
import { Toaster } from './ui/Toast'

/** Route table. The access machine decides before anything renders (§4). */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login" component={LoginContainer} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}

/** Nothing renders until auto-login ended and the route guard allowed the location. */
export function Gate() {
  const session = useSession()
  const access = useAccess()
  if (session.isStarting || !access.canRender) return <Splash />
  return <AppRoutes />
}

export function App({ locale }: { locale?: Locale }) {
  return (
    <AppIntlProvider locale={locale}>
      <SessionContext.Provider options={{ input: sessionInput() }}>
        <Gate />
      </SessionContext.Provider>
      <Toaster />
    </AppIntlProvider>
  )
}
