// The reply dialog of a store's opinions: the opinion, a text area, cancel and publish. It cannot be
// dismissed while the reply saves; a failure stays in the dialog with the text kept.
import { Field as ArkField } from '@ark-ui/react/field'
import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { input } from 'styled-system/recipes'
import type { StoreOpinionsEvent } from '../../../machines/store-opinions/store-opinions.machine'
import type { StoreOpinionsView } from '../../../machines/store-opinions/store-opinions.view'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Field } from '../../ui/Field'
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
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (view.canSave) send({ type: 'reply.save' })
  }
  const tooLong = view.replyProblem !== null
  return (
    <Dialog.Root
      open={reply !== null}
      onOpenChange={(d) => !d.open && !view.isSaving && send({ type: 'reply.cancel' })}
      closeOnEscape={!view.isSaving}
      closeOnInteractOutside={!view.isSaving}
    >
      <Dialog.Panel hideCloseButton={view.isSaving}>
        <Dialog.Header>
          <Dialog.Title>{t('pages.storeOpinions.reply.title')}</Dialog.Title>
          <Dialog.Description>{t('pages.storeOpinions.reply.description')}</Dialog.Description>
        </Dialog.Header>
        <form onSubmit={submit} noValidate className={styles.form}>
          <Dialog.Body className={styles.body}>
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
          </Dialog.Body>
          <Dialog.Footer>
            <Button
              variant="outline"
              tone="neutral"
              disabled={view.isSaving}
              onClick={() => send({ type: 'reply.cancel' })}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={view.isSaving} disabled={!view.canSave && !view.isSaving}>
              {t('pages.storeOpinions.reply.save')}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Panel>
    </Dialog.Root>
  )
}

const styles = {
  form: css({ display: 'contents' }),
  textarea: css({ h: 'auto', minH: '28', py: '2', resize: 'vertical' }),
  body: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
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
