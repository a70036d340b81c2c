// Issue 35 §6: "Send me a test SMS / test e-mail" in the administration. The message goes through the
// provider the server is configured with (machines/test-send), and the dialog shows what the provider
// answered: its message id, or its own error, word for word.
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { type TestSendEvent, testSendMachine } from '../../../machines/test-send/test-send.machine'
import { type TestSendView, toTestSendView } from '../../../machines/test-send/test-send.view'
import { Button } from '../../ui/Button'
import { TextField } from '../../ui/Field'
import { FormDialog } from '../../ui/FormDialog'
import type { MessageId } from '../../ui/i18n/messages'
import { useT } from '../../ui/i18n/t'
import { ErrorPanel } from '../../ui/Panels'

type Props = { view: TestSendView; send: (event: TestSendEvent) => void }

/** The dialog as the machine draws it (stories render it in each state). */
export function TestSendDialog({ view, send }: Props) {
  const t = useT()
  const sms = view.channel === 'sms'
  const result = view.result
  return (
    <FormDialog
      open={view.isOpen}
      busy={view.isSending}
      title={t(sms ? 'admin.testSend.title.sms' : 'admin.testSend.title.email')}
      description={t('admin.testSend.description')}
      alert={view.error && <ErrorPanel message={t(view.error as MessageId)} />}
      submitLabel={t(
        result ? 'admin.testSend.again' : view.error ? 'admin.testSend.retry' : 'admin.testSend.submit',
      )}
      submitDisabled={view.isEditing && !view.canSubmit}
      onSubmit={() =>
        send({ type: result ? 'testSend.again' : view.error ? 'testSend.retry' : 'testSend.submit' })
      }
      onCancel={() => send({ type: 'testSend.close' })}
    >
      <TextField
        label={t(sms ? 'admin.testSend.phone' : 'admin.testSend.address')}
        name="to"
        type={sms ? 'tel' : 'email'}
        autoComplete={sms ? 'tel' : 'email'}
        required
        readOnly={!view.isEditing}
        value={view.to}
        onChange={(e) => send({ type: 'testSend.to', value: e.currentTarget.value })}
        invalid={view.toInvalid}
        errorText={
          view.toInvalid ? t(sms ? 'admin.testSend.invalidPhone' : 'admin.testSend.invalidEmail') : undefined
        }
      />
      {result && (
        <p role="status" className={result.accepted ? styles.accepted : styles.refused}>
          {result.accepted
            ? t('admin.testSend.accepted', { provider: result.provider, id: result.id ?? '' })
            : t('admin.testSend.refused', { provider: result.provider, error: result.error ?? '' })}
        </p>
      )}
    </FormDialog>
  )
}

/** The two buttons and their dialog; `machine` is the test's (its actor answering as the API would). */
export function TestSendButtons({ machine }: { machine?: typeof testSendMachine }) {
  const t = useT()
  const [logic] = useState(() => machine ?? testSendMachine)
  const [snapshot, send] = useMachine(logic)
  const view = toTestSendView(snapshot)
  return (
    <>
      <Button variant="outline" onClick={() => send({ type: 'testSend.open', channel: 'sms' })}>
        {t('admin.testSend.sms')}
      </Button>
      <Button variant="outline" onClick={() => send({ type: 'testSend.open', channel: 'email' })}>
        {t('admin.testSend.email')}
      </Button>
      <TestSendDialog view={view} send={send} />
    </>
  )
}

const styles = {
  accepted: css({ color: 'success.text', textStyle: 'sm', overflowWrap: 'anywhere' }),
  refused: css({ color: 'danger.text', textStyle: 'sm', overflowWrap: 'anywhere' }),
}
