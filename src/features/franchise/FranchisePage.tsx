// The franchise page (SPEC §2 /pages/franchise): loading, failure with retry, then the sections and dialogs.
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'
import { Spinner } from '../../ui/Spinner'
import { AverageBasketDialog, QualificationDialog, SenderIdDialog } from './FranchiseDialogs'
import { FranchiseExpiry } from './FranchiseExpiry'
import { InfoSection, RulesSection, SettingsSection } from './FranchiseSections'
import { ThemeSection } from './FranchiseTheme'
import { type PartProps, styles, useT } from './parts'

export function FranchisePage({ view, send }: PartProps) {
  const t = useT()
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('franchise.title')}</h1>
        <p className={styles.muted}>{t('franchise.subtitle')}</p>
      </header>
      {view.isLoading ? (
        <div className={styles.centered} role="status" aria-live="polite">
          <Spinner />
          <span>{t('franchise.loading')}</span>
        </div>
      ) : view.isFailed ? (
        <div role="alert" className={styles.alert}>
          <p>{t((view.loadError ?? 'franchise.errors.load') as MessageId)}</p>
          {view.canRetry && (
            <Button variant="outline" tone="neutral" onClick={() => send({ type: 'franchise.retry' })}>
              {t('franchise.retry')}
            </Button>
          )}
        </div>
      ) : (
        <>
          {!view.canEdit && (
            <p role="note" className={styles.muted}>
              {t('franchise.readOnly')}
            </p>
          )}
          <div className={styles.grid}>
            <InfoSection view={view} send={send} />
            <ThemeSection view={view} send={send} />
            <RulesSection view={view} send={send} />
            <SettingsSection view={view} send={send} />
            {view.franchise && (
              <FranchiseExpiry franchiseId={view.franchise.id} countryAlpha3={view.franchise.codeAlpha3} />
            )}
          </div>
          <QualificationDialog view={view} send={send} />
          <AverageBasketDialog view={view} send={send} />
          <SenderIdDialog view={view} send={send} />
        </>
      )}
    </div>
  )
}
