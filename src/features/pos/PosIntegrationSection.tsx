// The "Point of sale" section at the bottom of the store screen: a button that opens the POS
// integration dialog. The machine lives here (closed until opened), with the app's toasts and clipboard.
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { toPosIntegrationView } from '../../../machines/pos-integration/pos-integration.view'
import { Button } from '../../ui/Button'
import { usePosLogic } from './logic'
import { PosIntegrationDialog } from './PosIntegrationDialog'

export function PosIntegrationSection({ storeId }: { storeId: string }) {
  const logic = usePosLogic()
  const intl = useIntl()
  const [machine] = useState(() =>
    logic.posIntegration.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) => logic.notify(p.level, p.id),
        copy: (_, p: { text: string }) => {
          void logic
            .copy(p.text)
            .then((ok) =>
              logic.notify(ok ? 'success' : 'error', ok ? 'pos.messages.copied' : 'pos.errors.copyFailed'),
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
