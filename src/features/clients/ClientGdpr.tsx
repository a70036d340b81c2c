// GDPR (issue 23) on the client detail: the client's personal data as a file (JSON, or a readable page
// in the user's language), and "Erase this client" behind a confirmation naming what is kept and what
// goes. The erasure is its own machine (client-erase); whether it is offered is domain/gdpr.ts's rule.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import {
  type ClientEraseEvent,
  clientEraseMachine,
} from '../../../machines/client-erase/client-erase.machine'
import { type ClientEraseView, toClientEraseView } from '../../../machines/client-erase/client-erase.view'
import { gdprApi } from '../../api/gdpr'
import { ERASED_FIELDS, ERASURE_KEEPS } from '../../domain/gdpr'
import { Button } from '../../ui/Button'
import { DownloadLink } from '../../ui/DownloadLink'
import { useAppEffects } from '../../ui/effects/app-effects'
import { FormDialog } from '../../ui/FormDialog'
import { useLocale } from '../../ui/i18n/IntlProvider'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { styles as detailStyles } from './ClientDetail.styles'
import { CLIENT_LIST_PATH } from './paths'

const ClientEraseContext = createActorContext(clientEraseMachine)

export interface ClientGdprProps {
  franchiseId: string
  clientId: string
  /** The client's name, in the confirmation's title. */
  name: string
  /** domain/gdpr.ts canEraseClients for the signed-in user. */
  mayErase: boolean
}

export function ClientGdpr({ franchiseId, clientId, name, mayErase }: ClientGdprProps) {
  const effects = useAppEffects()
  const provided = useProvided(clientEraseMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
        goToList: () => effects.navigate(CLIENT_LIST_PATH),
      },
    }),
  )
  return (
    <ClientEraseContext.Provider logic={machine} options={{ input: { franchiseId, clientId, mayErase } }}>
      <ConnectedClientGdpr franchiseId={franchiseId} clientId={clientId} name={name} />
    </ClientEraseContext.Provider>
  )
}

function ConnectedClientGdpr(props: Omit<ClientGdprProps, 'mayErase'>) {
  const view = ClientEraseContext.useSelector(toClientEraseView)
  const { send } = ClientEraseContext.useActorRef()
  return <ClientGdprSection {...props} view={view} send={send} />
}

export interface ClientGdprSectionProps extends Omit<ClientGdprProps, 'mayErase'> {
  view: ClientEraseView
  send: (event: ClientEraseEvent) => void
}

/** The section and its confirmation, drawn from the erase machine's view (stories show each state). */
export function ClientGdprSection({ franchiseId, clientId, name, view, send }: ClientGdprSectionProps) {
  const t = useT()
  const locale = useLocale()
  return (
    <section className={styles.section} aria-labelledby="client-gdpr-title">
      <h3 id="client-gdpr-title" className={styles.title}>
        {t('gdpr.section.title')}
      </h3>
      <p className={detailStyles.muted}>{t('gdpr.section.description')}</p>
      <div className={styles.actions}>
        <DownloadLink size="sm" href={gdprApi.personalDataUrl(franchiseId, clientId, 'json', locale)}>
          {t('gdpr.export.json')}
        </DownloadLink>
        <DownloadLink size="sm" href={gdprApi.personalDataUrl(franchiseId, clientId, 'html', locale)}>
          {t('gdpr.export.html')}
        </DownloadLink>
        {view.canOpen && (
          <Button size="sm" variant="outline" tone="danger" onClick={() => send({ type: 'erase.open' })}>
            {t('gdpr.erase.open')}
          </Button>
        )}
      </div>
      <FormDialog
        open={view.isOpen}
        busy={view.isErasing}
        title={t('gdpr.erase.title', { name })}
        description={t('gdpr.erase.description')}
        alert={view.error && <p role="alert">{t(view.error as MessageId)}</p>}
        submitLabel={t(view.canRetry ? 'gdpr.erase.retry' : 'gdpr.erase.confirm')}
        onSubmit={() => send({ type: view.canRetry ? 'erase.retry' : 'erase.confirm' })}
        onCancel={() => send({ type: 'erase.cancel' })}
      >
        <h4 className={styles.listTitle}>{t('gdpr.erase.keptTitle')}</h4>
        <ul aria-label={t('gdpr.erase.keptTitle')} className={styles.list}>
          {ERASURE_KEEPS.map((k) => (
            <li key={k}>{t(`gdpr.erase.keeps.${k}`)}</li>
          ))}
        </ul>
        <h4 className={styles.listTitle}>{t('gdpr.erase.removedTitle')}</h4>
        <ul aria-label={t('gdpr.erase.removedTitle')} className={styles.list}>
          {ERASED_FIELDS.map((f) => (
            <li key={f}>{t(`gdpr.erase.removes.${f}`)}</li>
          ))}
        </ul>
      </FormDialog>
    </section>
  )
}

const styles = {
  section: css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '6' }),
  title: css({ textStyle: 'md', fontWeight: 'semibold' }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  listTitle: css({ textStyle: 'sm', fontWeight: 'semibold' }),
  list: css({ listStyleType: 'disc', pl: '5', textStyle: 'sm' }),
}
