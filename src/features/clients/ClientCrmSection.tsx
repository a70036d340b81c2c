// The client's answers to the registration form (issue 21), under its profile: the active fields of
// the franchise's form with the client's values, edited in a dialog with the §5 rules of each field.
// Its own machine (client-crm), started with the tab.
import { createActorContext } from '@xstate/react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { clientCrmMachine } from '../../../machines/client-crm/client-crm.machine'
import { toClientCrmView } from '../../../machines/client-crm/client-crm.view'
import { type CrmField, valueErrorValues } from '../../domain/crm'
import { Button } from '../../ui/Button'
import { useAppEffects } from '../../ui/effects/app-effects'
import { TextField } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { useProvided } from '../../ui/machines/provided'
import { ErrorPanel } from '../../ui/Panels'
import { styles as detailStyles } from './ClientDetail.styles'

const ClientCrmContext = createActorContext(clientCrmMachine)

export function ClientCrmSection({ franchiseId, clientId }: { franchiseId: string; clientId: string }) {
  const effects = useAppEffects()
  const provided = useProvided(clientCrmMachine)
  const [machine] = useState(() =>
    provided.provide({
      actions: {
        notify: (_, p: { level: 'success' | 'error'; id: string }) =>
          effects.notify(p.level, p.id as MessageId),
      },
    }),
  )
  return (
    <ClientCrmContext.Provider logic={machine} options={{ input: { franchiseId, clientId } }}>
      <ClientCrmValues />
    </ClientCrmContext.Provider>
  )
}

const inputType = (f: CrmField) =>
  f.validation.type === 'DATE' ? 'date' : f.validation.type === 'NUMBER' ? 'text' : 'text'

function ClientCrmValues() {
  const t = useT()
  const view = ClientCrmContext.useSelector(toClientCrmView)
  const { send } = ClientCrmContext.useActorRef()
  if (view.isLoading) return null
  if (view.isFailed)
    return <ErrorPanel message={t('crm.values.loadError')} onRetry={() => send({ type: 'values.retry' })} />
  return (
    <section className={styles.section} aria-labelledby="client-crm-title">
      <header className={styles.header}>
        <h3 id="client-crm-title" className={styles.title}>
          {t('crm.values.title')}
        </h3>
        {view.canEdit && (
          <Button size="sm" variant="outline" onClick={() => send({ type: 'values.edit' })}>
            {t('crm.values.edit')}
          </Button>
        )}
      </header>
      {view.fields.length === 0 ? (
        <p className={detailStyles.muted}>{t('crm.values.none')}</p>
      ) : (
        <dl className={detailStyles.profile}>
          {view.fields.map((f) => (
            <div key={f.localId} className={detailStyles.profileRow}>
              <dt className={detailStyles.muted}>{f.label}</dt>
              <dd>{view.values[f.localId] || t('crm.values.empty')}</dd>
            </div>
          ))}
        </dl>
      )}
      <FormDialog
        open={view.isEditing}
        busy={view.isSaving}
        title={t('crm.values.title')}
        alert={view.formError && <p role="alert">{t(view.formError as MessageId)}</p>}
        submitLabel={t('crm.values.save')}
        onSubmit={() => send({ type: 'values.submit' })}
        onCancel={() => send({ type: 'values.cancel' })}
      >
        {view.fields.map((f) => {
          const error = view.errors[f.localId]
          return (
            <TextField
              key={f.localId}
              label={f.label}
              type={inputType(f)}
              inputMode={f.validation.type === 'NUMBER' ? 'decimal' : undefined}
              required={f.validation.isRequired}
              value={view.draft[f.localId] ?? ''}
              invalid={!!error}
              errorText={error && t(error as MessageId, valueErrorValues(f))}
              onChange={(e) =>
                send({ type: 'values.change', localId: f.localId, value: e.currentTarget.value })
              }
            />
          )
        })}
      </FormDialog>
    </section>
  )
}

const styles = {
  section: css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '6' }),
  header: css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' }),
  title: css({ textStyle: 'md', fontWeight: 'semibold' }),
}
