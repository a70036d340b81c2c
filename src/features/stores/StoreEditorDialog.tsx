// The new/edit store dialog (SPEC §2): the store form in a dialog, its save and delete buttons, and the
// two confirmations (delete; discard unsaved changes). Closing (×, Escape, Cancel) asks the machine,
// which warns first when something changed.
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { css } from 'styled-system/css'
import type { StoreEditorEvent } from '../../../machines/store-editor/store-editor.machine'
import type { StoreEditorView } from '../../../machines/store-editor/store-editor.view'
import type { Category } from '../../domain/auth'
import { Button } from '../../ui/Button'
import { ConfirmDialog, Dialog } from '../../ui/Dialog'
import { ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { StoreEditorForm } from './StoreEditorForm'

export interface StoreEditorDialogProps {
  view: StoreEditorView
  send: (event: StoreEditorEvent) => void
  categories: readonly Category[]
}

export function StoreEditorDialog({ view, send, categories }: StoreEditorDialogProps) {
  const intl = useIntl()
  const formId = useId()
  const title = view.isNew
    ? intl.formatMessage({ id: 'store.editor.newTitle' })
    : intl.formatMessage({ id: 'store.editor.editTitle' }, { name: view.values.name || '…' })
  return (
    <>
      <Dialog.Root
        open={!view.isDone}
        size="lg"
        onOpenChange={(d) => {
          if (!d.open) send({ type: 'store.close' })
        }}
        closeOnInteractOutside={false}
      >
        <Dialog.Panel>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body className={styles.body}>
            <StoreEditorBody
              view={view}
              send={send}
              categories={categories}
              formId={formId}
              headingLevel={3}
            />
          </Dialog.Body>
          <Dialog.Footer>
            <StoreEditorActions view={view} send={send} formId={formId} />
          </Dialog.Footer>
        </Dialog.Panel>
      </Dialog.Root>
      <StoreEditorConfirmations view={view} send={send} />
    </>
  )
}

/** Loading, the load failure with its retry, or the form. */
export function StoreEditorBody({
  view,
  send,
  categories,
  formId,
  headingLevel,
}: StoreEditorDialogProps & { formId: string; headingLevel?: 2 | 3 }) {
  const intl = useIntl()
  if (view.isLoading)
    return (
      <p className={styles.loading} role="status">
        <Spinner /> {intl.formatMessage({ id: 'store.editor.loading' })}
      </p>
    )
  if (view.isLoadFailed)
    return (
      <ErrorPanel
        message={intl.formatMessage({ id: (view.error ?? 'store.errors.load') as 'store.errors.load' })}
        onRetry={() => send({ type: 'store.retry' })}
      />
    )
  return (
    <StoreEditorForm
      id={formId}
      view={view}
      send={send}
      categories={categories}
      headingLevel={headingLevel}
    />
  )
}

export function StoreEditorActions({
  view,
  send,
  formId,
}: Omit<StoreEditorDialogProps, 'categories'> & { formId: string }) {
  const intl = useIntl()
  const t = (
    id:
      | 'store.actions.delete'
      | 'store.actions.cancel'
      | 'store.actions.save'
      | 'store.actions.create.submit',
  ) => intl.formatMessage({ id })
  return (
    <div className={styles.actions}>
      {view.canDelete && (
        <Button variant="outline" tone="danger" onClick={() => send({ type: 'store.delete' })}>
          {t('store.actions.delete')}
        </Button>
      )}
      <span className={styles.spacer} />
      <Button variant="outline" tone="neutral" onClick={() => send({ type: 'store.close' })}>
        {t('store.actions.cancel')}
      </Button>
      <Button type="submit" form={formId} loading={view.isSaving} disabled={!view.canSave && !view.isSaving}>
        {view.isNew ? t('store.actions.create.submit') : t('store.actions.save')}
      </Button>
    </div>
  )
}

export function StoreEditorConfirmations({ view, send }: Omit<StoreEditorDialogProps, 'categories'>) {
  const intl = useIntl()
  const t = (id: Parameters<typeof intl.formatMessage>[0]['id'], values?: Record<string, string>) =>
    intl.formatMessage({ id }, values)
  return (
    <>
      <ConfirmDialog
        open={view.isConfirmingDelete || view.isDeleting}
        destructive
        loading={view.isDeleting}
        title={t('store.confirm.deleteTitle', { name: view.values.name })}
        description={t('store.confirm.deleteDescription')}
        confirmLabel={t('store.confirm.deleteConfirm')}
        onConfirm={() => send({ type: 'store.confirm' })}
        onOpenChange={(open) => {
          if (!open && view.isConfirmingDelete) send({ type: 'store.cancel' })
        }}
      />
      <ConfirmDialog
        open={view.isConfirmingClose}
        destructive
        title={t('store.confirm.closeTitle')}
        description={t('store.confirm.closeDescription')}
        confirmLabel={t('store.confirm.closeConfirm')}
        cancelLabel={t('store.confirm.closeCancel')}
        onConfirm={() => send({ type: 'store.confirm' })}
        onOpenChange={(open) => {
          if (!open && view.isConfirmingClose) send({ type: 'store.cancel' })
        }}
      />
    </>
  )
}

const styles = {
  body: css({ maxH: '70vh', overflowY: 'auto' }),
  loading: css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted', py: '6' }),
  actions: css({ display: 'flex', gap: '2', width: '100%', flexWrap: 'wrap' }),
  spacer: css({ flex: '1' }),
}
