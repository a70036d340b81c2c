// The reply dialog of a store's opinions: the opinion, a text area, cancel and publish. It cannot be
// dismissed while the reply saves; a failure stays in the dialog with the text kept.
import { Field as ArkField } from '@ark-ui/react/field'
import { css } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { input } from 'styled-system/recipes'
import type { StoreOpinionsEvent } from '../../../machines/store-opinions/store-opinions.machine'
import type { StoreOpinionsView } from '../../../machines/store-opinions/store-opinions.view'
import { Field } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import type { MessageId } from '../../ui/i18n/messages'
import { OpinionItem, useT } from './parts'

// The input recipe sized for several lines.
const Textarea = styled(ArkField.Textarea, input)

export function ReplyDialog({
  view,
  send,
}: {
  view: StoreOpinionsView
  send: (e: StoreOpinionsEvent) => void
}) {
  const t = useT()
  const reply = view.reply
  const tooLong = view.replyProblem !== null
  return (
    <FormDialog
      open={reply !== null}
      busy={view.isSaving}
      title={t('pages.storeOpinions.reply.title')}
      description={t('pages.storeOpinions.reply.description')}
      submitLabel={t('pages.storeOpinions.reply.save')}
      submitDisabled={!view.canSave}
      onSubmit={() => {
        if (view.canSave) send({ type: 'reply.save' })
      }}
      onCancel={() => send({ type: 'reply.cancel' })}
    >
      {reply?.opinion && <OpinionItem opinion={{ ...reply.opinion, reply: null }} />}
      <Field.Root invalid={tooLong} disabled={view.isSaving}>
        <Field.Label>{t('pages.storeOpinions.reply.label')}</Field.Label>
        <Textarea
          className={styles.textarea}
          rows={5}
          value={reply?.text ?? ''}
          onChange={(e) => send({ type: 'reply.edit', text: e.currentTarget.value })}
        />
        <Field.HelperText>
          {t('pages.storeOpinions.reply.length', {
            count: reply?.text.trim().length ?? 0,
            max: view.replyMax,
          })}
        </Field.HelperText>
        {tooLong && (
          <Field.ErrorText>{t(view.replyProblem as MessageId, { max: view.replyMax })}</Field.ErrorText>
        )}
      </Field.Root>
      {reply?.error && (
        <p role="alert" className={styles.error}>
          {t(reply.error as MessageId)}
        </p>
      )}
    </FormDialog>
  )
}

const styles = {
  textarea: css({ h: 'auto', minH: '28', py: '2', resize: 'vertical' }),
  error: css({
    p: '3',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'danger.border',
    bg: 'danger.subtle',
    color: 'danger.text',
    textStyle: 'sm',
  }),
}
