// SPEC §7 payments: payment links and subscriptions through the payments adapter, and the retailer
// subscription check the login flow uses. The local checkout page lives here too, Stripe's customer
// portal, and Stripe's webhook (services/stripe-events.ts).
import type { FastifyInstance } from 'fastify'
import { array, object, optional, string } from 'superstruct'
import { PaymentLinkResponse, PaymentUrlResponse, SubscriptionCheckResponse } from '../../domain/auth'
import { IdParams } from '../../domain/ids'
import { PaymentWebhookResponse, SubscriptionDetail } from '../../domain/subscription'
import { allow, HtmlPage, Redirect, type StructTypeProvider } from '../plugins/route-contract'
import { returnOrigin } from '../services/app-origin'
import { bound } from '../services/bound'
import * as checkout from '../services/checkout-page'
import * as payments from '../services/payments'
import { STRIPE_SIGNATURE_HEADER } from '../services/payments'
import * as subscriptions from '../services/subscriptions'

const UserQuery = object({ userId: optional(string()) })

export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<StructTypeProvider>()
  const { checkoutPage } = bound(app, checkout)
  const { retailerSubscription } = bound(app, subscriptions)
  const {
    payCheckout,
    paymentLink,
    paymentProducts,
    portalLink,
    receiveStripeEvent,
    setCancelAtPeriodEnd,
    subscriptionFor,
  } = bound(app, payments, (a) => a.payments)
  const signedIn = allow('signedIn')
  // The configuration's part of the subscriptions' rules; the adapter is bound above.
  const settings = () => ({ graceDays: app.config.adapters.payments.graceDays })

  app.get(
    '/stripe/payment-links',
    { ...signedIn, schema: { response: { 200: array(PaymentLinkResponse) } } },
    async (request) => paymentProducts(request.tenant!),
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
    async (request) =>
      paymentLink(settings(), request.tenant!, {
        productId: request.params.id,
        userId: request.query.userId,
        origin: returnOrigin(app.config, request),
      }),
  )

  app.get(
    '/stripe/subscriptions',
    { ...signedIn, schema: { querystring: UserQuery, response: { 200: SubscriptionDetail } } },
    async (request) => subscriptionFor(settings(), request.tenant!, request.query.userId),
  )

  // "Manage the subscription" (issue 24 #3): cancel at the period's end, or resume before it.
  for (const [path, cancel] of [
    ['/stripe/subscriptions/cancel', true],
    ['/stripe/subscriptions/resume', false],
  ] as const)
    app.post(
      path,
      { ...signedIn, schema: { querystring: UserQuery, response: { 200: SubscriptionDetail } } },
      async (request) => setCancelAtPeriodEnd(settings(), request.tenant!, request.query.userId, cancel),
    )

  // "Manage the subscription" with Stripe: its customer portal (card, invoices, cancel, resume), for
  // the caller's own subscription only. The local checkout has none: a 409.
  app.post(
    '/stripe/portal-sessions',
    { ...signedIn, schema: { response: { 200: PaymentUrlResponse } } },
    async (request) => portalLink(request.tenant!, returnOrigin(app.config, request)),
  )

  // The retailer-subscription check of the login and startup flows (§4).
  app.get(
    '/api/v2/users/me/subscription',
    { ...signedIn, schema: { response: { 200: SubscriptionCheckResponse } } },
    async (request) => retailerSubscription(request.tenant!.userId, app.config.adapters.payments.graceDays),
  )

  app.get(
    '/checkout/:id',
    { ...allow('public'), schema: { params: IdParams, response: { 200: HtmlPage } } },
    async (request, reply) => reply.type('text/html').send(await checkoutPage(request.params.id)),
  )

  app.post(
    '/checkout/:id/pay',
    { ...allow('public'), schema: { params: IdParams, response: { 303: Redirect } } },
    async (request, reply) => {
      await payCheckout(settings(), request.params.id)
      // Back to the app on this same address (a relative redirect: the app's CSP allows form-action
      // 'self' only), where it checks the subscription again at startup. Paid twice: the same answer.
      return reply.redirect('/', 303)
    },
  )

  // Stripe's events, signed with STRIPE_WEBHOOK_SECRET (Stripe-Signature over the raw body). The body
  // is kept raw (its own scope, so no other route loses its JSON parsing) and only parsed once the
  // signature holds (services/payments.ts). With the local checkout every call is refused.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers()
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))
    webhook.post(
      '/stripe/webhook',
      { ...allow('public'), bodyLimit: 512 * 1024, schema: { response: { 200: PaymentWebhookResponse } } },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const { type, outcome } = await receiveStripeEvent(
          settings(),
          raw,
          request.headers[STRIPE_SIGNATURE_HEADER],
        )
        request.log.info({ event: type, outcome }, 'stripe webhook')
        return { received: true as const, outcome }
      },
    )
  })
}
