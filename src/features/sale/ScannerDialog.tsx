// The toolbar's scanner dialog (SPEC §1, §8 "Scanner selector"): renders the scanner-select machine.
import { useActorRef, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import type {
  ScannerSelectEvent,
  scannerSelectMachine,
} from '../../../machines/scanner-select/scanner-select.machine'
import {
  type ScannerSelectView,
  toScannerSelectView,
} from '../../../machines/scanner-select/scanner-select.view'
import { Button } from '../../ui/Button'
import type { MessageId } from '../../ui/i18n/messages'
import { ErrorCircleIcon, InfoIcon, WarningIcon } from '../../ui/icons'
import { ScanIcon } from '../../ui/shell/icons'
import { StoreDialogFrame } from '../../ui/shell/StoreDialogFrame'
import { Notice, styles, useT } from './parts'

export function ScannerButton({
  store,
  logic,
  label,
}: {
  store: { franchiseId: string; id: string; name: string } | null
  logic: typeof scannerSelectMachine
  label: string
}) {
  const actor = useActorRef(logic, {
    input: { franchiseId: store?.franchiseId ?? null, storeId: store?.id ?? null },
  })
  const view = useSelector(actor, toScannerSelectView)
  return (
    <ScannerDialogView
      view={view}
      send={actor.send}
      storeName={store?.name ?? null}
      trigger={
        <Button size="md" variant="outline" tone="neutral" aria-label={label}>
          <ScanIcon />
          <span className={styles.triggerLabel} aria-hidden="true">
            {label}
          </span>
        </Button>
      }
    />
  )
}

export function ScannerDialogView({
  view,
  send,
  storeName,
  trigger,
}: {
  view: ScannerSelectView
  send: (e: ScannerSelectEvent) => void
  storeName: string | null
  trigger?: ReactNode
}) {
  const t = useT()
  return (
    <StoreDialogFrame
      title={t('shell.scanner.title')}
      storeName={storeName}
      trigger={trigger}
      open={view.isOpen}
      onOpenChange={(open) => send({ type: open ? 'scanner.open' : 'scanner.close' })}
    >
      {view.isLoading && <p className={styles.muted}>{t('dialogs.selectScanner.loading')}</p>}
      {view.hasNoStore && (
        <Notice tone="info" icon={<InfoIcon />} text={t('dialogs.selectScanner.noStore')} />
      )}
      {view.isLoadFailed && view.error && (
        <Notice
          tone="error"
          icon={<ErrorCircleIcon />}
          text={t(view.error as MessageId)}
          action={
            <Button size="sm" variant="outline" onClick={() => send({ type: 'scanner.retry' })}>
              {t('dialogs.selectScanner.retry')}
            </Button>
          }
        />
      )}
      {view.hasNoTags && (
        <>
          <Notice tone="info" icon={<InfoIcon />} text={t('dialogs.selectScanner.noTags')} />
          <Notice tone="warning" icon={<WarningIcon />} text={t('dialogs.selectScanner.noTagsMessage')} />
        </>
      )}
      {view.tags.length > 0 && (
        <>
          <p className={styles.muted}>{t('dialogs.selectScanner.choose')}</p>
          <ul className={styles.list}>
            {view.tags.map((tag) => (
              <li key={tag.id}>
                <Button
                  variant="outline"
                  tone="neutral"
                  fullWidth
                  aria-label={t('dialogs.selectScanner.open', { tag: tag.name })}
                  onClick={() => send({ type: 'scanner.choose', tagId: tag.id })}
                >
                  <ScanIcon />
                  {tag.name}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </StoreDialogFrame>
  )
}
