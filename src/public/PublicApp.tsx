// The customers' pages (src/domain/access.ts PUBLIC_PAGES) on their own: the language and theme
// preferences and the translations, without the session, the login or the shell.
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, Suspense, useState } from 'react'
import { Route, Switch, useSearch } from 'wouter'
import { preferencesMachine } from '../../machines/preferences/preferences.machine'
import { ROUTES } from '../domain/access'
import type { Locale } from '../domain/locale'
import { NotFoundPage } from '../features/shell/NotFoundPage'
import { AppIntlProvider } from '../ui/i18n/IntlProvider'
import { PageLoading } from '../ui/shell/PageLoading'
import { preferencesInput } from '../ui/shell/preferencesRuntime'
import { CampaignCouponContainer, GamePlayContainer, LandingContainer, ScanContainer } from './pages'

export function PublicRoutes() {
  return (
    <Suspense fallback={<PageLoading fullPage />}>
      <Switch>
        {/* Opened from a tag's QR code. */}
        <Route path={ROUTES.scan.path}>{(params) => <ScanContainer uid={params.uid} />}</Route>
        {/* Opened from a campaign SMS's short link. */}
        <Route path={ROUTES.coupon.path}>{(params) => <CampaignCouponContainer code={params.code} />}</Route>
        {/* A gift wheel, from its link or a store's QR code (?store=…). */}
        <Route path={ROUTES.gamePlay.path}>{(params) => <GamePlay id={params.id} />}</Route>
        {/* Opened from an e-marketing poster's QR code. */}
        <Route path={ROUTES.landing.path}>{(params) => <LandingContainer slug={params.slug} />}</Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  )
}

function GamePlay({ id }: { id: string }) {
  const store = new URLSearchParams(useSearch()).get('store')
  return <GamePlayContainer id={id} storeId={store} />
}

/**
 * The stored or browser language and theme, applied to <html> (the machine's own effects); nobody
 * signs in here, so nothing is saved to a server.
 */
function PublicPreferences({ language, children }: { language?: Locale; children: ReactNode }) {
  const [input] = useState(() => preferencesInput(language))
  const ref = useActorRef(preferencesMachine, { input })
  const locale = useSelector(ref, (s) => s.context.language)
  return <AppIntlProvider locale={locale}>{children}</AppIntlProvider>
}

export function PublicApp({ locale }: { locale?: Locale }) {
  return (
    // Nothing to show before the language's messages arrive (the first render only).
    <Suspense fallback={null}>
      <PublicPreferences {...(locale ? { language: locale } : {})}>
        <PublicRoutes />
      </PublicPreferences>
    </Suspense>
  )
}
