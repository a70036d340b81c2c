// The phone-code step of the public pages (machines/phone-code): the number, then the code the SMS
// carried. Renders the child machine's state and sends its events; the page decides what follows.
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import type { phoneCodeMachine } from '../../machines/phone-code/phone-code.machine'
import { toPhoneCodeView } from '../../machines/phone-code/phone-code.view'
import { Button } from './Button'
import { TextField } from './Field'
import { useT } from './i18n/t'

export type PhoneCodeActor = ActorRefFrom<typeof phoneCodeMachine>

const form = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const row = css({ display: 'flex', gap: '2', flexWrap: 'wrap' })

export function PhoneCodeForm({ actor }: { actor: PhoneCodeActor }) {
  const view = useSelector(actor, toPhoneCodeView)
  const t = useT()
  const error = view.error
    ? t(view.error, {
        attemptsLeft: view.attemptsLeft ?? 0,
        minutes: Math.ceil((view.retryAfter ?? 60) / 60),
      })
    : undefined

  if (view.step === 'phone' && !view.isLocked) {
    const submit = (e: FormEvent) => {
      e.preventDefault()
      actor.send({ type: 'phoneCode.send' })
    }
    return (
      <form className={form} onSubmit={submit} noValidate>
        <TextField
          label={t('phoneCode.phone')}
          helperText={t('phoneCode.phoneHelp')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={view.phone}
          onChange={(e) => actor.send({ type: 'phoneCode.phone', value: e.target.value })}
          invalid={Boolean(error)}
          errorText={error}
          required
        />
        <Button type="submit" loading={view.isSending} disabled={!view.canSend && !view.isSending}>
          {t('phoneCode.send')}
        </Button>
      </form>
    )
  }

  const confirm = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'phoneCode.confirm' })
  }
  return (
    <form className={form} onSubmit={confirm} noValidate>
      <p>{t('phoneCode.sentTo', { phone: view.phone })}</p>
      {view.isLocked ? (
        <p role="alert">{error}</p>
      ) : (
        <TextField
          label={t('phoneCode.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={view.code}
          onChange={(e) => actor.send({ type: 'phoneCode.code', value: e.target.value })}
          invalid={Boolean(error)}
          errorText={error}
          required
        />
      )}
      <div className={row}>
        {!view.isLocked && (
          <Button type="submit" loading={view.isConfirming} disabled={!view.canConfirm && !view.isConfirming}>
            {t('phoneCode.confirm')}
          </Button>
        )}
        {view.canResend && (
          <Button variant="outline" onClick={() => actor.send({ type: 'phoneCode.resend' })}>
            {t('phoneCode.resend')}
          </Button>
        )}
        <Button variant="ghost" onClick={() => actor.send({ type: 'phoneCode.changePhone' })}>
          {t('phoneCode.changePhone')}
        </Button>
      </div>
    </form>
  )
}
