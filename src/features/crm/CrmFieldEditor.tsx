// The selected field's settings: its label, type, whether it is required, and the limits of its type
// (§3), each with the §5 error the machine's rules give it.
import { css } from 'styled-system/css'
import { CRM_LIMITS } from '../../../machines/crm-editor/crm-editor.fields'
import type { CrmEditorEvent } from '../../../machines/crm-editor/crm-editor.machine'
import type { CrmEditorView } from '../../../machines/crm-editor/crm-editor.view'
import { CRM_FIELD_TYPES, CRM_LABEL_MAX, type CrmField, type CrmFieldErrors } from '../../domain/crm'
import { TextField } from '../../ui/Field'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { NativeSelect } from '../../ui/NativeSelect'
import { CRM_TYPE_LABELS } from './labels'

type Props = { view: CrmEditorView; send: (event: CrmEditorEvent) => void }

/** Where each limit's error shows (the rules name the first limit of a pair). */
const ERROR_OF: Record<string, keyof CrmFieldErrors> = {
  min: 'min',
  minLength: 'minLength',
  minDate: 'minDate',
  maxDate: 'maxDate',
}

const limitText = (v: unknown) => (v === null || v === undefined || Number.isNaN(v) ? '' : String(v))

export function CrmFieldEditor({ view, send }: Props) {
  const t = useT()
  const field = view.selected
  if (!field || field.isStatic) return <p className={styles.hint}>{t('crm.builder.selectHint')}</p>
  const errors: CrmFieldErrors = view.errors[field.localId] ?? {}
  const id = field.localId
  const disabled = !view.canEdit || field.status === 'ARCHIVED'
  return (
    <section
      className={styles.panel}
      aria-label={t('crm.builder.settings', { label: field.label || t('crm.builder.untitled') })}
    >
      <TextField
        label={t('crm.builder.label')}
        value={field.label}
        maxLength={CRM_LABEL_MAX}
        disabled={disabled}
        invalid={!!errors.label}
        errorText={errors.label && t(errors.label as MessageId)}
        onChange={(e) => send({ type: 'field.label', localId: id, label: e.currentTarget.value })}
      />
      <NativeSelect
        label={t('crm.builder.type')}
        value={field.validation.type}
        disabled={disabled}
        options={CRM_FIELD_TYPES.map((type) => ({ value: type, label: t(CRM_TYPE_LABELS[type]) }))}
        onChange={(value) =>
          send({ type: 'field.type', localId: id, fieldType: value as CrmField['validation']['type'] })
        }
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={field.validation.isRequired}
          disabled={disabled}
          onChange={(e) => send({ type: 'field.required', localId: id, isRequired: e.currentTarget.checked })}
        />
        {t('crm.builder.isRequired')}
      </label>
      <div className={styles.limits}>
        {CRM_LIMITS[field.validation.type].map((limit) => {
          const error = ERROR_OF[limit] ? errors[ERROR_OF[limit]] : undefined
          return (
            <TextField
              key={limit}
              label={t(`crm.limits.${limit}` as MessageId)}
              type={limit.endsWith('Date') ? 'date' : 'number'}
              value={limitText(field.validation[limit])}
              disabled={disabled}
              invalid={!!error}
              errorText={error && t(error as MessageId)}
              onChange={(e) =>
                send({ type: 'field.limit', localId: id, limit, value: e.currentTarget.value })
              }
            />
          )
        })}
      </div>
    </section>
  )
}

const styles = {
  panel: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
    p: '4',
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg.default',
  }),
  hint: css({
    color: 'fg.muted',
    textStyle: 'sm',
    p: '4',
    borderWidth: '1px',
    borderRadius: 'l3',
    borderStyle: 'dashed',
  }),
  check: css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'sm' }),
  limits: css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' }),
}
