import { Dialog as ArkDialog } from '@ark-ui/react/dialog'
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from '../Button'
import { Dialog } from '../Dialog'
import { StoreIcon } from './icons'

export interface StoreDialogFrameProps {
  /** The dialog's title (its accessible name). */
  title: ReactNode
  /** The store the dialog acts on: shown under the title. */
  storeName: string | null
  /** The button that opens it. */
  trigger?: ReactNode
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Footer actions before the close button (e.g. "Validate"). */
  actions?: ReactNode
  children: ReactNode
}

/**
 * The frame of the dialogs the toolbar opens for the current store (create a sale, scanner): title,
 * the store it acts on, a body and a close button. The loyalty dialogs fill the body.
 */
export function StoreDialogFrame({
  title,
  storeName,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  actions,
  children,
}: StoreDialogFrameProps) {
  const intl = useIntl()
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={(d) => onOpenChange?.(d.open)}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Panel>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description className={styles.store}>
            <StoreIcon className={styles.storeIcon} />
            {storeName
              ? intl.formatMessage({ id: 'shell.storeDialog.for' }, { store: storeName })
              : intl.formatMessage({ id: 'shell.storeDialog.noStore' })}
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>
          {actions}
          {/* Ark's unstyled CloseTrigger: the styled one is the corner button. */}
          <ArkDialog.CloseTrigger asChild>
            <Button variant="outline" tone="neutral">
              {intl.formatMessage({ id: 'common.close' })}
            </Button>
          </ArkDialog.CloseTrigger>
        </Dialog.Footer>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

const styles = {
  store: css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }),
  storeIcon: css({ width: '4', height: '4', flexShrink: '0' }),
}
