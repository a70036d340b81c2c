import type { ComponentProps, FormEvent, ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import { Button } from './Button'
import { Dialog } from './Dialog'

export interface FormDialogProps {
  open: boolean
  /** Saving: the dialog cannot be closed (Escape, outside click, ×, Cancel) and the submit button spins. */
  busy: boolean
  title: ReactNode
  description?: ReactNode
  /** Shown above the fields (a failed save, say). */
  alert?: ReactNode
  submitLabel: ReactNode
  /** The submit button is greyed out (nothing to save yet). */
  submitDisabled?: boolean
  size?: ComponentProps<typeof Dialog.Root>['size']
  onSubmit: () => void
  onCancel: () => void
  /** The body's fields; laid out in a column. */
  children: ReactNode
}

/**
 * A dialog holding one form: title, fields, Cancel and a submit button. The form wraps the footer
 * too, so Enter in a field submits; a submit while busy is ignored.
 */
export function FormDialog({
  open,
  busy,
  title,
  description,
  alert,
  submitLabel,
  submitDisabled = false,
  size,
  onSubmit,
  onCancel,
  children,
}: FormDialogProps) {
  const intl = useIntl()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!busy) onSubmit()
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open && !busy) onCancel()
      }}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      size={size}
    >
      <Dialog.Panel hideCloseButton={busy}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          {description && <Dialog.Description>{description}</Dialog.Description>}
        </Dialog.Header>
        <form className={styles.contents} onSubmit={submit} noValidate aria-busy={busy || undefined}>
          <Dialog.Body className={styles.form}>
            {alert}
            {children}
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" tone="neutral" disabled={busy} onClick={onCancel}>
              {intl.formatMessage({ id: 'common.cancel' })}
            </Button>
            <Button type="submit" loading={busy} disabled={submitDisabled && !busy}>
              {submitLabel}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

const styles = {
  contents: css({ display: 'contents' }),
  form: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
}
