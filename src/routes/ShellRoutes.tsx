import { type ReactNode, Suspense } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link, Route, Switch } from 'wouter'
import { ROUTES } from '../domain/access'
import type { CardCustomers } from '../features/loyalty/LoyaltyContainer'
import { FirstSaleButton } from '../features/sale/FirstSaleButton'
import { CreateSaleDialog, ScannerDialog } from '../features/sale/ShellSaleButtons'
import { NotFoundPage } from '../features/shell/NotFoundPage'
import { SectionPage } from '../features/shell/SectionPage'
import { SECTION_ROUTES, sectionEntry } from '../features/shell/sections'
import { Button } from '../ui/Button'
import { useSession } from '../ui/session/hooks'
import { PageLoading } from '../ui/shell/PageLoading'
import { ShellLayout } from '../ui/shell/ShellLayout'
import {
  AdminDashboardContainer,
  AnalyticsContainer,
  AutomationEditorContainer,
  AutomationListContainer,
  CalendarContainer,
  CampaignDetailContainer,
  CampaignEditorContainer,
  CampaignHistoryContainer,
  CardClients,
  ClientDetailContainer,
  ClientListContainer,
  CouponRedeemContainer,
  CrmContainer,
  DemoContainer,
  EmarketingContainer,
  FranchiseContainer,
  FranchisePanelContainer,
  GameDetailContainer,
  GameHistoryContainer,
  GameWizardContainer,
  ImportContainer,
  LoyaltyContainer,
  MessagesContainer,
  NewsContainer,
  OwnersContainer,
  PosIntegrationSection,
  ProfileContainer,
  SatisfactionContainer,
  StoreContainer,
  StoreListContainer,
  StoreOpinionsContainer,
  StoreTagsSection,
  WebhooksSection,
} from './shell-pages'

/**
 * The signed-in pages under /pages, inside the shell. The shell stays mounted while the user moves
 * between them (one route holds it). A visitor who is not signed in gets the plain not-found page:
 * the route guard has already sent them to log in from every known page. Each area's page loads on its
 * first visit (src/routes/pages.ts): meanwhile the shell shows its loading state around the page.
 */
export function ShellRoutes() {
  const session = useSession()
  if (!session.isSignedIn) return <NotFoundPage />
  return (
    <ShellLayout saleButtons={saleButtons}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/pages/dashboards/analytics">
            {/* The getting-started checklist's first sale opens the sale dialog of the toolbar. */}
            <AnalyticsContainer firstSale={FirstSaleButton} />
          </Route>
          {/* The demo franchise's screens, read-only (issue 8). */}
          <Route path="/pages/demo/analytics">
            <DemoContainer key="analytics">
              {(demo) => (
                <Lazy>
                  <AnalyticsContainer demo={demo} />
                </Lazy>
              )}
            </DemoContainer>
          </Route>
          <Route path="/pages/demo/loyalty">
            <DemoContainer key="loyalty">
              {(demo) => (
                <Lazy>
                  <LoyaltyContainer readOnly={{ demo }} />
                </Lazy>
              )}
            </DemoContainer>
          </Route>
          <Route path="/pages/demo/clients">
            <DemoContainer key="clients">
              {(demo) => (
                <Lazy>
                  <ClientListContainer readOnly={{ demo, path: ROUTES.demoClients.path }} />
                </Lazy>
              )}
            </DemoContainer>
          </Route>
          <Route path="/pages/user/clients">
            <ClientListContainer />
          </Route>
          <Route path="/pages/user/clients/import" component={ImportContainer} />
          <Route path="/pages/user/clients/:id">{(params) => <ClientDetailContainer id={params.id} />}</Route>
          <Route path="/pages/user/crm">
            <CrmContainer />
          </Route>
          <Route path="/pages/stores/all">
            <StoreListContainer />
          </Route>
          <Route path="/pages/stores/:id/opinions">
            {(params) => <StoreOpinionsContainer id={params.id} />}
          </Route>
          <Route path="/pages/stores/:id">
            {(params) => (
              <StoreContainer id={params.id}>
                <Lazy>
                  <StoreTagsSection storeId={params.id} />
                </Lazy>
                <Lazy>
                  <PosIntegrationSection storeId={params.id} />
                </Lazy>
              </StoreContainer>
            )}
          </Route>
          <Route path="/pages/satisfaction">
            <SatisfactionContainer />
          </Route>
          {/* Fixed segments (new, history) before the campaign's id. */}
          <Route path="/pages/campaign/new">
            <CampaignEditorContainer />
          </Route>
          <Route path="/pages/campaign/history">
            <CampaignHistoryContainer />
          </Route>
          <Route path="/pages/campaign/:id/edit">
            {(params) => <CampaignEditorContainer id={params.id} />}
          </Route>
          <Route path="/pages/campaign/:id">{(params) => <CampaignDetailContainer id={params.id} />}</Route>
          {/* Automated marketing (issue 20): the list and an editor per type. */}
          <Route path="/pages/marketing/list">
            <AutomationListContainer />
          </Route>
          <Route path="/pages/marketing/birthday/:id">
            {(params) => <AutomationEditorContainer id={params.id} type="BIRTHDAY" />}
          </Route>
          <Route path="/pages/marketing/lost/:id">
            {(params) => <AutomationEditorContainer id={params.id} type="LOST_CUSTOMER" />}
          </Route>
          <Route path="/pages/marketing/new-customer/:id">
            {(params) => <AutomationEditorContainer id={params.id} type="NEW_CUSTOMER" />}
          </Route>
          <Route path="/pages/franchise">
            <FranchiseContainer webhooks={WebhooksSection} />
          </Route>
          <Route path="/pages/messages">
            <MessagesContainer />
          </Route>
          <Route path="/pages/owners">
            <OwnersContainer />
          </Route>
          <Route path="/pages/e-marketing">
            <EmarketingContainer />
          </Route>
          <Route path="/pages/news">
            <NewsContainer />
          </Route>
          <Route path="/pages/offers/calendar">
            <CalendarContainer />
          </Route>
          {/* Fixed segments (new, history) before the game's id. */}
          <Route path="/pages/games/history">
            <GameHistoryContainer />
          </Route>
          <Route path="/pages/games/new">
            <GameWizardContainer />
          </Route>
          <Route path="/pages/games/:id/edit">{(params) => <GameWizardContainer gameId={params.id} />}</Route>
          <Route path="/pages/games/:id">{(params) => <GameDetailContainer id={params.id} />}</Route>
          <Route path="/pages/coupons">
            <CouponRedeemContainer />
          </Route>
          <Route path="/pages/coupons/:code">
            {(params) => <CouponRedeemContainer code={params.code} />}
          </Route>
          <Route path="/pages/loyalty">
            <LoyaltyContainer customers={cardCustomers} />
          </Route>
          <Route path="/pages/profile">
            <ProfileContainer />
          </Route>
          <Route path="/pages/admin/dashboard">
            <AdminDashboardContainer />
          </Route>
          <Route path="/pages/admin/franchise-panel/:id">
            {(params) => <FranchisePanelContainer id={params.id} />}
          </Route>
          {SECTION_ROUTES.map((r) => (
            <Route key={r.path} path={r.path}>
              <SectionPage entry={sectionEntry(r.navId)} />
            </Route>
          ))}
          <Route>
            <ShellNotFound />
          </Route>
        </Switch>
      </Suspense>
    </ShellLayout>
  )
}

/** A part of a page from another area: its own loading state while its chunk arrives. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>
}

// The loyalty page's customers tab: the client list on the card's clients.
const cardCustomers: CardCustomers = (card) => (
  <Lazy>
    <CardClients {...card} />
  </Lazy>
)

// The toolbar's sale buttons come with the shell's chunk (on every signed-in page, from the start).
const saleButtons = { createSale: <CreateSaleDialog />, scanner: <ScannerDialog /> }

function ShellNotFound() {
  const intl = useIntl()
  return (
    <div className={styles.box}>
      <title>{`${intl.formatMessage({ id: 'errors.notFound.title' })} · ${intl.formatMessage({ id: 'app.name' })}`}</title>
      <p className={styles.code}>{intl.formatMessage({ id: 'errors.notFound.code' })}</p>
      <h1 className={styles.title}>{intl.formatMessage({ id: 'errors.notFound.title' })}</h1>
      <p className={styles.text}>{intl.formatMessage({ id: 'shell.notFound.description' })}</p>
      <Button asChild variant="outline" tone="neutral">
        <Link href="/">{intl.formatMessage({ id: 'shell.notFound.back' })}</Link>
      </Button>
    </div>
  )
}

const styles = {
  box: css({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '3',
    textAlign: 'center',
    py: '20',
  }),
  code: css({
    textStyle: 'sm',
    fontWeight: 'semibold',
    color: 'accent.text',
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
  }),
  title: css({ textStyle: '2xl', fontWeight: 'bold' }),
  text: css({ color: 'fg.muted', mb: '2' }),
}
