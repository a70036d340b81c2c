// The client qualification, average basket and SMS sender name dialogs. The machine owns which one is
// open; none can be dismissed while it saves.
import type { FormEvent, ReactNode } from 'react'
import { QUALIFICATION_UNITS, type QualificationUnit } from '../../domain/franchise-settings'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { NativeSelect } from '../../ui/NativeSelect'
import { type PartProps, styles, useT } from './parts'

function FieldDialog({
  view,
  send,
  open,
  saving,
  canSave,
  title,
  description,
  onSave,
  children,
}: PartProps & {
  open: boolean
  saving: boolean
  canSave: boolean
  title: ReactNode
  description: ReactNode
  onSave: () => void
  children: ReactNode
}) {
  const t = useT()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (canSave && !saving) onSave()
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && !saving && send({ type: 'dialog.close' })}
      closeOnEscape={!saving}
      closeOnInteractOutside={!saving}
      size="sm"
    >
      <Dialog.Panel hideCloseButton={saving}>
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
        </Dialog.Header>
        <form onSubmit={submit} noValidate>
          <Dialog.Body>
            {children}
            {view.dialogError && (
              <p role="alert" className={styles.error}>
                {t(view.dialogError as MessageId)}
              </p>
            )}
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              tone="neutral"
              disabled={saving}
              onClick={() => send({ type: 'dialog.close' })}
            >
              {t('franchise.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!canSave}>
              {t('franchise.save')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

export function QualificationDialog({ view, send }: PartProps) {
  const t = useT()
  const q = view.qualification
  return (
    <FieldDialog
      view={view}
      send={send}
      open={view.dialog === 'qualification'}
      saving={view.isSavingQualification}
      canSave={!view.qualificationError}
      title={t('franchise.qualification.title')}
      description={t('franchise.qualification.description')}
      onSave={() => send({ type: 'qualification.save' })}
    >
      <div className={styles.row}>
        <TextField
          label={t('franchise.qualification.value')}
          inputMode="numeric"
          value={q.value}
          invalid={!!view.qualificationError}
          errorText={
            view.qualificationError
              ? t(view.qualificationError as MessageId, { max: view.qualificationMax })
              : undefined
          }
          onChange={(e) => send({ type: 'qualification.change', value: e.currentTarget.value })}
        />
        <NativeSelect
          className={styles.field}
          label={t('franchise.qualification.unit')}
          value={q.unit}
          options={QUALIFICATION_UNITS.map((u) => ({
            value: u,
            label: t(`franchise.qualification.units.${u}`),
          }))}
          onChange={(unit) => send({ type: 'qualification.change', unit: unit as QualificationUnit })}
        />
      </div>
    </FieldDialog>
  )
}

export function AverageBasketDialog({ view, send }: PartProps) {
  const t = useT()
  return (
    <FieldDialog
      view={view}
      send={send}
      open={view.dialog === 'averageBasket'}
      saving={view.isSavingAverageBasket}
      canSave={!view.averageBasketError}
      title={t('franchise.averageBasket.title')}
      description={t('franchise.averageBasket.description')}
      onSave={() => send({ type: 'averageBasket.save' })}
    >
      <TextField
        label={t('franchise.averageBasket.value', { currency: view.franchise?.currencyCode ?? '' })}
        inputMode="decimal"
        value={view.averageBasket}
        invalid={!!view.averageBasketError}
        errorText={view.averageBasketError ? t(view.averageBasketError as MessageId) : undefined}
        onChange={(e) => send({ type: 'averageBasket.change', value: e.currentTarget.value })}
      />
    </FieldDialog>
  )
}

export function SenderIdDialog({ view, send }: PartProps) {
  const t = useT()
  return (
    <FieldDialog
      view={view}
      send={send}
      open={view.dialog === 'senderId'}
      saving={view.isSavingSender}
      canSave={view.canSaveSender}
      title={t('franchise.senderId.title')}
      description={t('franchise.senderId.description')}
      onSave={() => send({ type: 'senderId.save' })}
    >
      <TextField
        label={t('franchise.senderId.value')}
        value={view.senderId}
        autoComplete="off"
        spellCheck={false}
        invalid={!!view.senderError}
        errorText={view.senderError ? t(view.senderError as MessageId) : undefined}
        helperText={
          view.isCheckingSender
            ? t('franchise.senderId.checking')
            : view.isSenderConfirmed
              ? t('franchise.senderId.valid')
              : undefined
        }
        onChange={(e) => send({ type: 'senderId.change', value: e.currentTarget.value })}
      />
    </FieldDialog>
  )
}
