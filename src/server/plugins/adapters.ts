// The adapters to the outside world (mail, payments, file storage …), chosen from the configuration once.

import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createGeo, type Geo } from '../adapters/geo'
import { createMailer, type Mailer } from '../adapters/mail'
import { createPayments, type Payments } from '../adapters/payments'
import { createPos, type Pos } from '../adapters/pos'
import { createPush, type Push } from '../adapters/push'
import { createSms, type Sms } from '../adapters/sms'
import { createSmsCallbacks, type SmsCallbacks } from '../adapters/sms/callbacks'
import { createStorage, type Storage } from '../adapters/storage'
import { createWebhookSender, type WebhookSender } from '../adapters/webhooks'
import type { Config } from '../config'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    adapters: {
      mail: Mailer
      sms: Sms
      /** The SMS providers' signed callbacks, read into receipts and replies. */
      smsCallbacks: SmsCallbacks
      push: Push
      payments: Payments
      geo: Geo
      storage: Storage
      pos: Pos
      webhooks: WebhookSender
    }
  }
}

export default fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    app.decorate('config', opts.config)
    app.decorate('adapters', {
      mail: createMailer(opts.config.adapters.mail),
      sms: createSms(opts.config.adapters.sms),
      smsCallbacks: createSmsCallbacks(opts.config.adapters.sms, opts.config.publicUrl),
      push: createPush(opts.config.adapters.push),
      payments: createPayments(opts.config.adapters.payments),
      geo: createGeo(opts.config.adapters.geo),
      storage: createStorage(opts.config.adapters.storage),
      pos: createPos(opts.config.adapters.pos),
      webhooks: createWebhookSender(opts.config.webhooks),
    })
    app.addHook('onClose', async () => app.adapters.mail.close?.())
    if (app.adapters.payments.kind === 'stripe' && !opts.config.adapters.payments.webhookSecret)
      app.log.warn('STRIPE_WEBHOOK_SECRET is unset: Stripe cannot activate subscriptions')
  },
  { name: 'adapters' },
)
