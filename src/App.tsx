import { Redirect, Route, Switch } from 'wouter'
import type { Locale } from './domain/locale'
import { LoginContainer } from './features/auth/LoginContainer'
import { NotFoundPage } from './features/shell/NotFoundPage'
import { AppIntlProvider } from './ui/i18n/IntlProvider'
import { Toaster } from './ui/Toast'

/** Route table. Guards and the shell layout arrive with the access-guard machine. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/login" replace />
      </Route>
      <Route path="/login" component={LoginContainer} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}

export function App({ locale }: { locale?: Locale }) {
  return (
    <AppIntlProvider locale={locale}>
      <AppRoutes />
      <Toaster />
    </AppIntlProvider>
  )
}
