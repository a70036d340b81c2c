// The "Webhooks" panel of the Franchise page (issue 23): the machine lives here, with the app's toasts
// and clipboard; the list, the delivery log and the dialogs render its view.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { webhooksMachine } from '../../../machines/webhooks/webhooks.machine'
import { toWebhooksView } from '../../../machines/webhooks/webhooks.view'
import { copyText } from '../../ui/copy-text'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { styles, useT, type WebhooksProps } from './parts'
import { WebhookDeliveries } from './WebhookDeliveries'
import { WebhookDialogs } from './WebhookDialogs'
import { WebhookList } from './WebhookList'

export function WebhooksSection({ franchiseId }: { franchiseId: string }) {
  const effects = useAppEffects()
  const provided = useProvided(webhooksMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
        copy: (_, p: { text: string }) => {
          void copyText(p.text).then((ok) =>
            effects.notify(
              ok ? 'success' : 'error',
              ok ? 'webhooks.messages.copied' : 'webhooks.errors.copy',
            ),
          )
        },
      },
    }),
  )
  const actor = useActorRef(machine, { input: { franchiseId } })
  const view = useSelector(actor, toWebhooksView)
  return <WebhooksPanel view={view} send={actor.send} />
}

/** The panel for a view (the stories render it from a resolved state). */
export function WebhooksPanel({ view, send }: WebhooksProps) {
  const t = useT()
  return (
    <section aria-labelledby="webhooks-title" className={styles.section}>
      <header className={styles.header}>
        <div>
          <h2 id="webhooks-title" className={styles.title}>
            {t('webhooks.title')}
          </h2>
          <p className={styles.muted}>{t('webhooks.description')}</p>
        </div>
      </header>
      {view.isShowingDeliveries ? (
        <WebhookDeliveries view={view} send={send} />
      ) : (
        <WebhookList view={view} send={send} />
      )}
      <WebhookDialogs view={view} send={send} />
    </section>
  )
}
