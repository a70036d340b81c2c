import type { ReactNode } from 'react'
import type { ClientDialog } from '../../../machines/client-detail/client-detail.view'
import { ConfirmDialog } from '../../ui/Dialog'
import type { MessageId } from '../../ui/i18n/messages'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'

export interface ClientConfirmDialogProps extends ClientDetailPartProps {
  /** The machine's dialog this one shows. */
  dialog: ClientDialog
  title: ReactNode
  description?: ReactNode
  confirmLabel: ReactNode
  destructive?: boolean
}

/** A confirm dialog of the machine's: confirm and close go to it, it spins while the action runs. */
export function ClientConfirmDialog({
  view,
  send,
  dialog,
  title,
  description,
  confirmLabel,
  destructive,
}: ClientConfirmDialogProps) {
  return (
    <ConfirmDialog
      destructive={destructive}
      open={view.dialog === dialog}
      onOpenChange={(open) => !open && send({ type: 'dialog.close' })}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      loading={view.isSubmitting}
      onConfirm={() => send({ type: 'dialog.confirm' })}
    />
  )
}

/** A redemption's description, followed by why its last attempt failed. */
export function RedeemDescription({
  view,
  children,
}: {
  view: ClientDetailPartProps['view']
  children: ReactNode
}) {
  const t = useT()
  return (
    <>
      {children}
      {view.dialogError && (
        <span role="alert" className={styles.dialogError}>
          {t(view.dialogError as MessageId)}
        </span>
      )}
    </>
  )
}
