// SPEC §7 payments: payment links and subscriptions through the payments adapter, and the retailer
// subscription check the login flow uses. The local checkout page lives here too, Stripe's customer
// portal, and Stripe's webhook (services/stripe-events.ts).
import type { FastifyInstance } from 'fastify'
import { array, object, optional, string } from 'superstruct'
import { PaymentLinkResponse, PaymentUrlResponse, SubscriptionCheckResponse } from '../../domain/auth'
import { IdParams } from '../../domain/ids'
import { PaymentWebhookResponse, SubscriptionDetail } from '../../domain/subscription'
import { badRequest, conflict, notFound } from '../errors'
import { allow, HtmlPage, Redirect, type StructTypeProvider } from '../plugins/route-contract'
import { returnOrigin } from '../services/app-origin'
import { checkoutPage } from '../services/checkout-page'
import { STRIPE_SIGNATURE_HEADER } from '../services/stripe-events'
import { currencyOf, retailerSubscription, subscriberOf } from '../services/subscriptions'

const UserQuery = object({ userId: optional(string()) })

export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const db = () => app.database.db
  const signedIn = allow('signedIn')

  app.get(
    '/stripe/payment-links',
    { ...signedIn, schema: { response: { 200: array(PaymentLinkResponse) } } },
    async (request) => {
      return app.adapters.payments.listProducts(await currencyOf(db(), request.tenant!.userId))
    },
  )

  app.get(
    '/stripe/payment-links/:id',
    {
      ...signedIn,
      schema: {
        params: object({ id: string() }),
        querystring: UserQuery,
        response: { 200: PaymentUrlResponse },
      },
    },
    async (request) => {
      const { id } = request.params
      const { userId } = request.query
      const uid = subscriberOf(request.tenant!, userId)
      const origin = returnOrigin(app.config, request)
      const url = await app.adapters.payments.createPaymentLink(
        db(),
        uid,
        id,
        await currencyOf(db(), uid),
        origin,
      )
      if (!url) throw notFound('PAYMENT_LINK_NOT_FOUND', 'No such product')
      return { url }
    },
  )

  app.get(
    '/stripe/subscriptions',
    { ...signedIn, schema: { querystring: UserQuery, response: { 200: SubscriptionDetail } } },
    async (request) =>
      app.adapters.payments.subscription(db(), subscriberOf(request.tenant!, request.query.userId)),
  )

  // "Manage the subscription" (issue 24 #3): cancel at the period's end, or resume before it.
  for (const [path, cancel] of [
    ['/stripe/subscriptions/cancel', true],
    ['/stripe/subscriptions/resume', false],
  ] as const)
    app.post(
      path,
      { ...signedIn, schema: { querystring: UserQuery, response: { 200: SubscriptionDetail } } },
      async (request) =>
        app.adapters.payments.setCancelAtPeriodEnd(
          db(),
          subscriberOf(request.tenant!, request.query.userId),
          cancel,
        ),
    )

  // "Manage the subscription" with Stripe: its customer portal (card, invoices, cancel, resume), for
  // the caller's own subscription only. The local checkout has none: a 409.
  app.post(
    '/stripe/portal-sessions',
    { ...signedIn, schema: { response: { 200: PaymentUrlResponse } } },
    async (request) => {
      const url = await app.adapters.payments.portalUrl(
        db(),
        request.tenant!.userId,
        returnOrigin(app.config, request),
      )
      if (!url) throw conflict('PORTAL_UNAVAILABLE', 'Subscriptions are managed in the app, not in a portal')
      return { url }
    },
  )

  // The retailer-subscription check of the login and startup flows (§4).
  app.get(
    '/api/v2/users/me/subscription',
    { ...signedIn, schema: { response: { 200: SubscriptionCheckResponse } } },
    async (request) =>
      retailerSubscription(db(), request.tenant!.userId, app.config.adapters.payments.graceDays),
  )

  app.get(
    '/checkout/:id',
    { ...allow('public'), schema: { params: IdParams, response: { 200: HtmlPage } } },
    async (request, reply) => {
      const { id } = request.params
      return reply.type('text/html').send(await checkoutPage(db(), id))
    },
  )

  app.post(
    '/checkout/:id/pay',
    { ...allow('public'), schema: { params: IdParams, response: { 303: Redirect } } },
    async (request, reply) => {
      const { id } = request.params
      const result = await app.adapters.payments.completeCheckout(db(), id)
      if (result === 'unknown') throw notFound('CHECKOUT_NOT_FOUND', 'This checkout does not exist')
      // Back to the app on this same address (a relative redirect: the app's CSP allows form-action
      // 'self' only), where it checks the subscription again at startup. Paid twice: the same answer.
      return reply.redirect('/', 303)
    },
  )

  // Stripe's events, signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature over the raw body). The body
  // is kept raw (its own scope, so no other route loses its JSON parsing) and only parsed once the
  // signature holds. With the local checkout there is no provider: every call is refused.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers()
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    webhook.post(
      '/stripe/webhook',
      { ...allow('public'), bodyLimit: 512 * 1024, schema: { response: { 200: PaymentWebhookResponse } } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const payments = app.adapters.payments
        if (!payments.webhook)
          throw badRequest('WEBHOOK_SIGNATURE_INVALID', 'No payments provider sends webhooks here', {
            field: STRIPE_SIGNATURE_HEADER,
            in: 'headers',
          })
        const { type, outcome } = await payments.webhook(db(), raw, request.headers[STRIPE_SIGNATURE_HEADER])
        request.log.info({ event: type, outcome }, 'stripe webhook')
        return { received: true as const, outcome }
      },
    )
  })
}
