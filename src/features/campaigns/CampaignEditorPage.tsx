// /pages/campaign/new and /pages/campaign/:id/edit: the steps (target, content, date, preview), the
// audience beside them, Back / Next / Validate, the §4 validation dialog and the leave confirmation.
// It renders the editor machine's view and sends its events; nothing here decides the flow.
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import type { CampaignEditorEvent } from '../../../machines/campaign-editor/campaign-editor.types'
import type { CampaignEditorView } from '../../../machines/campaign-editor/campaign-editor.view'
import { EDITOR_STEPS } from '../../domain/campaign-draft'
import { Button } from '../../ui/Button'
import { styles } from '../../ui/campaign-parts'
import { ConfirmDialog, Dialog } from '../../ui/Dialog'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { pageStyles } from '../../ui/PagedListPage'
import { Spinner } from '../../ui/Spinner'
import { ContentStep } from './ContentStep'
import { DateStep } from './DateStep'
import { PreviewStep } from './PreviewStep'
import { AudienceSummary } from './Summaries'
import { TargetStep } from './TargetStep'

export interface CampaignEditorPageProps {
  view: CampaignEditorView
  send: (event: CampaignEditorEvent) => void
}

export function CampaignEditorPage({ view, send }: CampaignEditorPageProps) {
  const t = useT()
  const title = t(view.isEdit ? 'communication.editor.editTitle' : 'communication.editor.newTitle')
  const stepRef = useStepFocus(view.step)
  if (view.isLoading || view.isFailed)
    return (
      <div className={local.loading} aria-busy="true">
        <title>{`${title} · ${t('app.name')}`}</title>
        <Spinner />
        <p>{t('communication.editor.loading')}</p>
      </div>
    )
  const last = view.step === 'preview'
  return (
    <div className={pageStyles.page}>
      <title>{`${title} · ${t('app.name')}`}</title>
      <header className={pageStyles.header}>
        <h1 className={pageStyles.title}>{title}</h1>
        <Button variant="outline" tone="neutral" onClick={() => send({ type: 'editor.leave' })}>
          {t('communication.editor.leave')}
        </Button>
      </header>
      <nav aria-label={t('communication.editor.steps')}>
        <ol className={local.steps}>
          {EDITOR_STEPS.map((s, i) => (
            <li key={s}>
              <button
                type="button"
                className={local.step}
                aria-current={s === view.step ? 'step' : undefined}
                disabled={i >= view.stepIndex}
                onClick={() => send({ type: 'editor.goTo', step: s })}
              >
                <span className={local.number}>{i + 1}</span>
                {t(`communication.steps.${s}` as MessageId)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div className={local.layout}>
        <div ref={stepRef} className={local.stepBox}>
          {view.step === 'target' && <TargetStep view={view} send={send} />}
          {view.step === 'content' && <ContentStep view={view} send={send} />}
          {view.step === 'date' && <DateStep view={view} send={send} />}
          {view.step === 'preview' && <PreviewStep view={view} />}
        </div>
        <aside className={local.aside}>
          <AudienceSummary view={view} onRetry={() => send({ type: 'editor.retryAudience' })} />
        </aside>
      </div>
      <footer className={local.footer}>
        {view.stepIndex > 0 && (
          <Button variant="outline" tone="neutral" onClick={() => send({ type: 'editor.back' })}>
            {t('communication.editor.back')}
          </Button>
        )}
        {last ? (
          <Button onClick={() => send({ type: 'editor.validate' })}>
            {t('communication.editor.validate')}
          </Button>
        ) : (
          <Button disabled={!view.canGoNext} onClick={() => send({ type: 'editor.next' })}>
            {t('communication.editor.next')}
          </Button>
        )}
      </footer>
      <ValidationDialog view={view} send={send} />
      <ConfirmDialog
        open={view.isLeaving}
        destructive
        title={t('communication.leave.title')}
        description={t('communication.leave.description')}
        confirmLabel={t('communication.leave.confirm')}
        cancelLabel={t('communication.leave.stay')}
        onConfirm={() => send({ type: 'editor.leaveConfirm' })}
        onOpenChange={(open) => {
          if (!open) send({ type: 'editor.leaveCancel' })
        }}
      />
    </div>
  )
}

/** §4: open or closed, loading while saving, hasBeenSaved once the campaign is stored. */
function ValidationDialog({ view, send }: CampaignEditorPageProps) {
  const t = useT()
  const { dialog, draft } = view
  return (
    <Dialog.Root
      open={dialog.isOpen}
      size="md"
      closeOnEscape={!dialog.isLoading}
      closeOnInteractOutside={!dialog.isLoading}
      onOpenChange={(d) => {
        if (!d.open) send({ type: 'editor.cancel' })
      }}
    >
      <Dialog.Panel hideCloseButton={dialog.isLoading}>
        <Dialog.Header>
          <Dialog.Title>{t('communication.validation.title')}</Dialog.Title>
          <Dialog.Description>
            {dialog.hasBeenSaved
              ? t('communication.validation.saved')
              : t(
                  view.isSent || draft.schedule.mode === 'later'
                    ? 'communication.validation.scheduled'
                    : 'communication.validation.now',
                )}
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body className={styles.fieldset}>
          <AudienceSummary view={view} />
          {dialog.error && (
            <p role="alert" className={styles.error}>
              {t(dialog.error as MessageId)}
            </p>
          )}
        </Dialog.Body>
        <Dialog.Footer className={local.footer}>
          <Button
            variant="outline"
            tone="neutral"
            disabled={dialog.isLoading || dialog.hasBeenSaved}
            onClick={() => send({ type: 'editor.cancel' })}
          >
            {t('communication.validation.cancel')}
          </Button>
          <Button
            loading={dialog.isLoading}
            disabled={dialog.hasBeenSaved}
            onClick={() => send({ type: 'editor.confirm' })}
          >
            {t('communication.validation.confirm')}
          </Button>
        </Dialog.Footer>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

/**
 * A new step is brought to its title: focused (screen readers start there) and scrolled to below the
 * sticky toolbar (scroll-margin-top), not left where the previous step's Next button was. DOM focus
 * only: the step itself is the machine's.
 */
function useStepFocus(step: string) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = useRef(step)
  useEffect(() => {
    if (shown.current === step) return
    shown.current = step
    const heading = ref.current?.querySelector<HTMLElement>('h2')
    if (!heading) return
    heading.tabIndex = -1
    heading.focus({ preventScroll: true })
    heading.scrollIntoView?.({ block: 'start' })
  }, [step])
  return ref
}

const local = {
  // The sticky toolbar is 4rem high: a title scrolled to stays below it.
  stepBox: css({ '& h2': { scrollMarginTop: '5rem', outline: 'none' } }),
  loading: css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', py: '16' }),
  steps: css({ display: 'flex', gap: '2', flexWrap: 'wrap', listStyle: 'none', p: '0' }),
  step: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    px: '3',
    py: '1.5',
    borderRadius: 'full',
    borderWidth: '1px',
    textStyle: 'sm',
    cursor: 'pointer',
    _disabled: { cursor: 'default', opacity: 0.7 },
    '&[aria-current=step]': {
      bg: 'accent.default',
      color: 'accent.fg',
      opacity: 1,
      borderColor: 'accent.default',
    },
  }),
  number: css({ fontWeight: 'semibold' }),
  layout: css({
    display: 'grid',
    gap: '6',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 280px' },
  }),
  aside: css({ position: { lg: 'sticky' }, top: '4', alignSelf: 'start' }),
  footer: css({ display: 'flex', justifyContent: 'flex-end', gap: '3' }),
}
