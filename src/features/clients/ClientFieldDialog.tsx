import type { FormEvent, ReactNode } from 'react'
import type { ClientDetailEvent } from '../../../machines/client-detail/client-detail.machine'
import type { ClientDialog } from '../../../machines/client-detail/client-detail.view'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { type ClientDetailPartProps, useT } from './ClientDetail.shared'
import { styles } from './ClientDetail.styles'

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
  const t = useT()
  const open = view.dialog === dialog
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (!view.isSubmitting) send(submitEvent)
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !view.isSubmitting && send({ type: 'dialog.close' })}
      closeOnEscape={!view.isSubmitting}
      closeOnInteractOutside={!view.isSubmitting}
      size="sm"
    >
      <Dialog.Panel hideCloseButton={view.isSubmitting}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
        </Dialog.Header>
        <form className={styles.contents} onSubmit={submit} noValidate>
          <Dialog.Body>{children}</Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              tone="neutral"
              disabled={view.isSubmitting}
              onClick={() => send({ type: 'dialog.close' })}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={view.isSubmitting}>
              {submitLabel}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Panel>
    </Dialog.Root>
  )
}
