import { type ReactNode, Suspense, useState } from 'react'
import { Route, Switch } from 'wouter'
import type { Locale } from './domain/locale'
import { ForbiddenPage } from './features/auth/ForbiddenPage'
import { LoginContainer } from './features/auth/LoginContainer'
import { NotFoundPage } from './features/shell/NotFoundPage'
import { Splash } from './features/shell/Splash'
import {
  ConfirmationContainer,
  ForgotPasswordContainer,
  prefetchPage,
  RegisterConfirmContainer,
  RegisterContainer,
  ResetPasswordContainer,
  ScanContainer,
  ShellLayout,
  ShellRoutes,
  TagScannerContainer,
} from './routes/pages'
import { AppEffectsProvider, useAppEffects } from './ui/effects/app-effects'
import { useAccess, useSession } from './ui/session/hooks'
import { appSessionMachine, sessionInput } from './ui/session/runtime'
import { SessionContext } from './ui/session/SessionContext'
import { PageLoading } from './ui/shell/PageLoading'
import { PreferencesProvider } from './ui/shell/preferences'
import { Toaster } from './ui/Toast'

/**
 * Route table. The access machine decides before anything renders (§4). The login page and the session
 * are in the entry chunk; the shell and the pages load on their first visit (src/routes/pages.ts).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading fullPage />}>
      <Switch>
        <Route path="/login" component={LoginContainer} />
        <Route path="/register" component={RegisterContainer} />
        <Route path="/register/confirm" component={RegisterConfirmContainer} />
        <Route path="/pages/auth/forgot-password" component={ForgotPasswordContainer} />
        {/* §2: the reset page keeps the toolbar and footer, without the navbar. */}
        <Route path="/pages/auth/reset-password">
          <ShellLayout navbar={false}>
            <ResetPasswordContainer />
          </ShellLayout>
        </Route>
        <Route path="/pages/auth/forbidden" component={ForbiddenPage} />
        <Route path="/pages/confirmation" component={ConfirmationContainer} />
        {/* §2: the tag scanner a store shows its customers, without toolbar or footer. */}
        <Route path="/stores/:storeId/tags/:id/scanner">
          {(params) => <TagScannerContainer storeId={params.storeId} tagId={params.id} />}
        </Route>
        {/* The customers' public page (no login), opened from a tag's QR code. */}
        <Route path="/scan/:uid">{(params) => <ScanContainer uid={params.uid} />}</Route>
        {/* The signed-in pages, inside the shell (one route, so the shell stays mounted). */}
        <Route path="/pages/*" component={ShellRoutes} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
}

/** Nothing renders until auto-login ended and the route guard allowed the location. */
export function Gate() {
  const session = useSession()
  const access = useAccess()
  if (session.isStarting || !access.canRender) return <Splash />
  return <AppRoutes />
}

/** The session actor, with the app's effects (toasts, navigation, the address). */
function AppSession({ children }: { children: ReactNode }) {
  const effects = useAppEffects()
  // Once signed in, the start page's chunk starts loading while the route guard decides (not before:
  // the login page must not wait for it).
  const [logic] = useState(() =>
    appSessionMachine(effects).provide({
      actions: { prefetchStartPage: (_, p: { path: string }) => prefetchPage(p.path) },
    }),
  )
  return (
    <SessionContext.Provider logic={logic} options={{ input: sessionInput() }}>
      {children}
    </SessionContext.Provider>
  )
}

/** `locale` replaces the browser's language when no choice is stored (the preferences decide). */
export function App({ locale }: { locale?: Locale }) {
  return (
    <AppEffectsProvider>
      <AppSession>
        {/* The preferences follow the session and provide the translations in the chosen language. */}
        {/* Nothing to show before the language's messages arrive (the first render only). */}
        <Suspense fallback={null}>
          <PreferencesProvider language={locale}>
            <Gate />
            <Toaster />
          </PreferencesProvider>
        </Suspense>
      </AppSession>
    </AppEffectsProvider>
  )
}
