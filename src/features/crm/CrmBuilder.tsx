// The registration-form builder (issue 21): the fields in order (static ones locked), the selected
// field's settings, the archived fields (unarchive, or delete for good after the values count), save
// with the unsaved-changes flag, the newer-version notice, and the leave confirmation. It renders the
// crm-editor machine's view and sends its events.
import { css } from 'styled-system/css'
import type { CrmEditorEvent } from '../../../machines/crm-editor/crm-editor.machine'
import type { CrmEditorView } from '../../../machines/crm-editor/crm-editor.view'
import { Badge } from '../../ui/Badge'
import { Button } from '../../ui/Button'
import { ConfirmDialog } from '../../ui/Dialog'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { ErrorPanel } from '../../ui/Panels'
import { Spinner } from '../../ui/Spinner'
import { CrmFieldEditor } from './CrmFieldEditor'
import { CrmFieldList, fieldListStyles } from './CrmFieldList'

export interface CrmBuilderProps {
  view: CrmEditorView
  send: (event: CrmEditorEvent) => void
}

export function CrmBuilder({ view, send }: CrmBuilderProps) {
  const t = useT()
  if (view.isFailed)
    return (
      <ErrorPanel
        message={t((view.error ?? 'crm.fetchCrmFieldError') as MessageId)}
        onRetry={() => send({ type: 'crm.retry' })}
      />
    )
  if (view.isLoading)
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner />
        <span>{t('crm.builder.loading')}</span>
      </div>
    )
  return (
    <section className={styles.builder} aria-labelledby="crm-builder-title">
      <header className={styles.header}>
        <div>
          <h2 id="crm-builder-title" className={styles.title}>
            {t('crm.builder.title')}
          </h2>
          <p className={styles.muted}>{t('crm.builder.subtitle')}</p>
        </div>
        <div className={styles.headerActions}>
          {view.isEdited && <Badge tone="warning">{t('crm.builder.unsaved')}</Badge>}
          <Button variant="outline" disabled={!view.canEdit} onClick={() => send({ type: 'field.add' })}>
            {t('crm.builder.add')}
          </Button>
          <Button
            loading={view.isSaving}
            disabled={!view.canEdit}
            onClick={() => send({ type: 'form.save' })}
          >
            {t('crm.builder.save')}
          </Button>
        </div>
      </header>
      {view.conflictVersion !== null && (
        <div role="alert" className={styles.conflict}>
          <p>{t('crm.conflict.description', { version: view.conflictVersion })}</p>
          <div className={styles.headerActions}>
            <Button size="sm" onClick={() => send({ type: 'form.reload' })}>
              {t('crm.conflict.reload')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              tone="neutral"
              onClick={() => send({ type: 'conflict.dismiss' })}
            >
              {t('crm.conflict.keep')}
            </Button>
          </div>
        </div>
      )}
      <div className={styles.columns}>
        <div className={styles.column}>
          <CrmFieldList view={view} send={send} />
          {view.active.length === 0 && <p className={styles.muted}>{t('crm.builder.noFields')}</p>}
          {view.archived.length > 0 && (
            <section aria-labelledby="crm-archived-title" className={styles.column}>
              <h3 id="crm-archived-title" className={styles.subtitle}>
                {t('crm.builder.archived')}
              </h3>
              <ul className={fieldListStyles.list}>
                {view.archived.map((f) => {
                  const name = f.label || t('crm.builder.untitled')
                  return (
                    <li key={f.localId} className={fieldListStyles.row}>
                      <span className={fieldListStyles.label}>{name}</span>
                      <span className={fieldListStyles.actions}>
                        <Button
                          size="sm"
                          variant="ghost"
                          tone="neutral"
                          disabled={!view.canEdit}
                          aria-label={t('crm.builder.unarchive', { label: name })}
                          onClick={() => send({ type: 'field.unarchive', localId: f.localId })}
                        >
                          {t('crm.builder.unarchiveShort')}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          tone="danger"
                          disabled={!view.canDelete(f.localId)}
                          title={view.canDelete(f.localId) ? undefined : t('crm.delete.saveFirst')}
                          aria-label={t('crm.delete.action', { label: name })}
                          onClick={() => send({ type: 'field.delete', localId: f.localId })}
                        >
                          {t('crm.delete.short')}
                        </Button>
                      </span>
                    </li>
                  )
                })}
              </ul>
            </section>
          )}
        </div>
        <CrmFieldEditor view={view} send={send} />
      </div>
      <ConfirmDialog
        destructive
        open={view.deleteTarget !== null && !view.isCounting}
        loading={view.isDeleting}
        title={t('crm.delete.title', { label: view.deleteTarget?.label ?? '' })}
        description={t('crm.delete.description', { count: view.valueCount ?? 0 })}
        confirmLabel={t('crm.delete.confirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => send({ type: 'delete.confirm' })}
        onOpenChange={(open) => {
          if (!open && !view.isDeleting) send({ type: 'delete.cancel' })
        }}
      />
      <ConfirmDialog
        destructive
        open={view.isLeaving}
        title={t('crm.leave.title')}
        description={t('crm.leave.description')}
        confirmLabel={t('crm.leave.confirm')}
        cancelLabel={t('crm.leave.stay')}
        onConfirm={() => send({ type: 'leave.confirm' })}
        onOpenChange={(open) => {
          if (!open) send({ type: 'leave.cancel' })
        }}
      />
    </section>
  )
}

const styles = {
  builder: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  header: css({
    display: 'flex',
    alignItems: { base: 'flex-start', sm: 'center' },
    justifyContent: 'space-between',
    flexDirection: { base: 'column', sm: 'row' },
    gap: '3',
  }),
  headerActions: css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' }),
  title: css({ textStyle: 'lg', fontWeight: 'semibold' }),
  subtitle: css({ textStyle: 'sm', fontWeight: 'semibold', color: 'fg.muted', mt: '2' }),
  muted: css({ color: 'fg.muted', textStyle: 'sm' }),
  columns: css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' },
    gap: '5',
    alignItems: 'start',
  }),
  column: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  loading: css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', p: '6' }),
  conflict: css({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    p: '4',
    borderWidth: '1px',
    borderColor: 'warning.default',
    bg: 'warning.subtle',
    borderRadius: 'l3',
  }),
}
