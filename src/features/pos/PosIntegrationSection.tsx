// The "Point of sale" section at the bottom of the store screen: a button that opens the POS
// integration dialog. The machine lives here (closed until opened), with the app's toasts and clipboard.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { posIntegrationMachine } from '../../../machines/pos-integration/pos-integration.machine'
import { toPosIntegrationView } from '../../../machines/pos-integration/pos-integration.view'
import { Button } from '../../ui/Button'
import { copyText } from '../../ui/copy-text'
import { useAppEffects } from '../../ui/effects/app-effects'
import type { MessageId } from '../../ui/i18n/messages'
import { useProvided } from '../../ui/machines/provided'
import { PosIntegrationDialog } from './PosIntegrationDialog'

export function PosIntegrationSection({ storeId }: { storeId: string }) {
  const effects = useAppEffects()
  const provided = useProvided(posIntegrationMachine)
  const intl = useIntl()
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
        copy: (_, p: { text: string }) => {
          void copyText(p.text).then((ok) =>
            effects.notify(ok ? 'success' : 'error', ok ? 'pos.messages.copied' : 'pos.errors.copyFailed'),
          )
        },
      },
    }),
  )
  const actor = useActorRef(machine, { input: { storeId } })
  const view = useSelector(actor, toPosIntegrationView)
  const headingId = `pos-section-${storeId}`
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.text}>
        <h2 id={headingId} className={styles.title}>
          {intl.formatMessage({ id: 'pos.section.title' })}
        </h2>
        <p className={styles.description}>{intl.formatMessage({ id: 'pos.section.description' })}</p>
      </div>
      <Button variant="outline" onClick={() => actor.send({ type: 'pos.open' })}>
        {intl.formatMessage({ id: 'pos.section.open' })}
      </Button>
      <PosIntegrationDialog view={view} send={actor.send} />
    </section>
  )
}

const styles = {
  section: css({
    display: 'flex',
    gap: '4',
    alignItems: { base: 'flex-start', md: 'center' },
    flexDirection: { base: 'column', md: 'row' },
    bg: 'bg.default',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
  }),
  text: css({ flex: '1', display: 'grid', gap: '1' }),
  title: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  description: css({ color: 'fg.muted', textStyle: 'sm' }),
}
