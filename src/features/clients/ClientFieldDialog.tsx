import type { ReactNode } from 'react'
import type { ClientDetailEvent } from '../../../machines/client-detail/client-detail.machine'
import type { ClientDialog } from '../../../machines/client-detail/client-detail.view'
import { FormDialog } from '../../ui/FormDialog'
import type { ClientDetailPartProps } from './ClientDetail.shared'

export interface ClientFieldDialogProps extends ClientDetailPartProps {
  /** The machine's dialog this one shows. */
  dialog: ClientDialog
  /** What the form's submit sends (ignored while the last one runs). */
  submitEvent: ClientDetailEvent
  title: ReactNode
  description: ReactNode
  submitLabel: ReactNode
  /** The dialog's field. */
  children: ReactNode
}

/** A dialog with one field, cancel and submit (points, sale), which cannot be dismissed while it submits. */
export function ClientFieldDialog({
  view,
  send,
  dialog,
  submitEvent,
  title,
  description,
  submitLabel,
  children,
}: ClientFieldDialogProps) {
  return (
    <FormDialog
      open={view.dialog === dialog}
      busy={view.isSubmitting}
      size="sm"
      title={title}
      description={description}
      submitLabel={submitLabel}
      onSubmit={() => send(submitEvent)}
      onCancel={() => send({ type: 'dialog.close' })}
    >
      {children}
    </FormDialog>
  )
}
