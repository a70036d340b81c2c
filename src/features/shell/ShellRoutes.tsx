import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Link, Route, Switch } from 'wouter'
import { Button } from '../../ui/Button'
import { useSession } from '../../ui/session/hooks'
import { ShellLayout } from '../../ui/shell/ShellLayout'
import { AdminDashboardContainer } from '../admin/AdminDashboardContainer'
import { FranchisePanelContainer } from '../admin/FranchisePanelContainer'
import { AnalyticsContainer } from '../analytics/AnalyticsContainer'
import { ClientDetailContainer } from '../clients/ClientDetailContainer'
import { ClientListContainer } from '../clients/ClientListContainer'
import { DemoContainer } from '../demo/DemoContainer'
import { FranchiseContainer } from '../franchise/FranchiseContainer'
import { LoyaltyContainer } from '../loyalty/LoyaltyContainer'
import { SatisfactionContainer } from '../opinions/SatisfactionContainer'
import { StoreOpinionsContainer } from '../opinions/StoreOpinionsContainer'
import { OwnersContainer } from '../owners/OwnersContainer'
import { ProfileContainer } from '../profile/ProfileContainer'
import { StoreContainer } from '../stores/StoreContainer'
import { StoreListContainer } from '../stores/StoreListContainer'
import { NotFoundPage } from './NotFoundPage'
import { SectionPage } from './SectionPage'
import { SECTION_ROUTES, sectionEntry } from './sections'

/**
 * The signed-in pages under /pages, inside the shell. The shell stays mounted while the user moves
 * between them (one route holds it). A visitor who is not signed in gets the plain not-found page:
 * the route guard has already sent them to log in from every known page.
 */
export function ShellRoutes() {
  const session = useSession()
  if (!session.isSignedIn) return <NotFoundPage />
  return (
    <ShellLayout>
      <Switch>
        <Route path="/pages/dashboards/analytics">
          <AnalyticsContainer />
        </Route>
        {/* The demo franchise's screens, read-only (issue 8). */}
        <Route path="/pages/demo/analytics">
          <DemoContainer key="analytics" screen="analytics" />
        </Route>
        <Route path="/pages/demo/loyalty">
          <DemoContainer key="loyalty" screen="loyalty" />
        </Route>
        <Route path="/pages/demo/clients">
          <DemoContainer key="clients" screen="clients" />
        </Route>
        <Route path="/pages/user/clients">
          <ClientListContainer />
        </Route>
        <Route path="/pages/user/clients/:id">{(params) => <ClientDetailContainer id={params.id} />}</Route>
        <Route path="/pages/stores/all">
          <StoreListContainer />
        </Route>
        <Route path="/pages/stores/:id/opinions">
          {(params) => <StoreOpinionsContainer id={params.id} />}
        </Route>
        <Route path="/pages/stores/:id">{(params) => <StoreContainer id={params.id} />}</Route>
        <Route path="/pages/satisfaction">
          <SatisfactionContainer />
        </Route>
        <Route path="/pages/franchise">
          <FranchiseContainer />
        </Route>
        <Route path="/pages/owners">
          <OwnersContainer />
        </Route>
        <Route path="/pages/loyalty">
          <LoyaltyContainer />
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
    </ShellLayout>
  )
}

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
