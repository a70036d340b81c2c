import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { withRedeemable } from '../../machines/client-detail/client-detail'
import {
  type ClientDetailContext,
  clientDetailMachine,
} from '../../machines/client-detail/client-detail.machine'
import { toClientDetailView } from '../../machines/client-detail/client-detail.view'
import { valuesFromClient } from '../../machines/client-form/client-form'
import { type ClientFormContext, clientFormMachine } from '../../machines/client-form/client-form.machine'
import { toClientFormView } from '../../machines/client-form/client-form.view'
import { ClientDetailPage } from '../../src/features/clients/ClientDetailPage'
import { notify } from '../../src/ui/Toast'
import { fakeClientMachines } from '../../tests/support/client-machines'
import {
  clientId,
  createClientsBackend,
  demo,
  FRANCHISE_ID,
  OFFERS,
  STORE_1,
  STORE_2,
} from '../../tests/support/clients-backend'

const STORES = [
  { id: STORE_1, name: 'Maison Dupont 1' },
  { id: STORE_2, name: 'Maison Dupont 2' },
]
// Camille Garcia: a regular client with enough points for the first two offers.
const N = 11
const INFO = { ...demo.detail(N), points: 320 }
const COUPONS = demo.coupons(N)
const ACTIVE = COUPONS.filter((c) => c.state === 'active')

type Dialog = 'closed' | 'editing' | { points: string } | { sale: string } | Record<string, string>

function at(
  value: 'loading' | 'failed' | { dialog?: Dialog; coupons?: 'loading' | 'ready' | 'failed' },
  over: Partial<ClientDetailContext> = {},
) {
  const context: ClientDetailContext = {
    clientId: clientId(N),
    franchiseId: FRANCHISE_ID,
    storeId: STORE_1,
    country: 'FR',
    stores: STORES,
    info: typeof value === 'string' ? null : INFO,
    offers: typeof value === 'string' ? [] : withRedeemable(OFFERS, INFO.points),
    activeCoupons: typeof value === 'string' ? [] : ACTIVE,
    error: null,
    coupons: { rows: COUPONS.slice(0, 5), total: COUPONS.length, page: 1, state: null, error: null },
    points: '',
    amount: '',
    fieldError: null,
    offerId: null,
    couponId: null,
    dialogError: null,
    ...over,
  }
  const resolved =
    typeof value === 'string'
      ? value
      : { ready: { info: 'idle', coupons: value.coupons ?? 'ready', dialog: value.dialog ?? 'closed' } }
  return toClientDetailView(clientDetailMachine.resolveState({ value: resolved as never, context }))
}

function editForm(over: Partial<ClientFormContext> = {}) {
  const context: ClientFormContext = {
    mode: 'edit',
    franchiseId: FRANCHISE_ID,
    country: 'FR',
    clientId: INFO.id,
    storeId: null,
    values: valuesFromClient(INFO),
    touched: {},
    errors: {},
    serverErrors: {},
    error: null,
    saved: null,
    ...over,
  }
  return {
    view: toClientFormView(clientFormMachine.resolveState({ value: 'editing', context })),
    send: () => {},
  }
}

const meta = {
  title: 'Pages/Clients/Client detail',
  component: ClientDetailPage,
  parameters: { layout: 'padded' },
  args: { view: at({}), send: () => {}, storeName: 'Maison Dupont 1', form: null },
} satisfies Meta<typeof ClientDetailPage>

export default meta
type Story = StoryObj<typeof meta>

/** The client, its figures, the offers its balance covers and its active coupons. */
export const Ready: Story = {}

export const Loading: Story = { args: { view: at('loading') } }

/** §8 failed-information state, with a retry. */
export const Failed: Story = { args: { view: at('failed', { error: 'pages.clients.errors.information' }) } }

/** Another franchise's client, or one that was deleted: no retry, the way back. */
export const NotFound: Story = { args: { view: at('failed', { error: 'pages.clients.errors.notFound' }) } }

/** No current store: points, sales and redemptions wait for one (§5 "No store selected"). */
export const NoStore: Story = { args: { view: at({}, { storeId: null }), storeName: null } }

/** A client with 40 points: the offers it cannot afford say how many points are missing. */
export const FewPoints: Story = {
  args: {
    view: at({}, { info: { ...INFO, points: 40 }, offers: withRedeemable(OFFERS, 40), activeCoupons: [] }),
  },
}

export const PointsDialog: Story = { args: { view: at({ dialog: { points: 'editing' } }, { points: '50' }) } }

/** A debit above the balance, refused before asking (and as the server's 409 INSUFFICIENT_POINTS). */
export const PointsInsufficient: Story = {
  args: {
    view: at(
      { dialog: { points: 'editing' } },
      { points: '-500', fieldError: 'loyalty.editPoints.errors.insufficient' },
    ),
  },
}

export const PointsSubmitting: Story = {
  args: { view: at({ dialog: { points: 'submitting' } }, { points: '-20' }) },
}

export const SaleDialog: Story = {
  args: {
    view: at(
      { dialog: { sale: 'editing' } },
      { amount: '12,345', fieldError: 'loyalty.addSale.errors.invalid' },
    ),
  },
}

export const RedeemOffer: Story = {
  args: { view: at({ dialog: { redeemingOffer: 'confirming' } }, { offerId: OFFERS[0]!.id }) },
}

export const RedeemOfferFailed: Story = {
  args: {
    view: at(
      { dialog: { redeemingOffer: 'confirming' } },
      { offerId: OFFERS[0]!.id, dialogError: 'pages.clients.offersDialog.errors.unavailable' },
    ),
  },
}

export const RedeemCoupon: Story = {
  args: { view: at({ dialog: { redeemingCoupon: 'confirming' } }, { couponId: ACTIVE[0]!.id }) },
}

/** The edit dialog with the §8 errors on their fields. */
export const EditWithErrors: Story = {
  args: {
    view: at({ dialog: 'editing' }),
    form: editForm({
      values: { ...valuesFromClient(INFO), phone: '0612', email: 'lucas.martin@gmail.com' },
      touched: { phone: true },
      errors: { phone: 'pages.clients.errors.invalidPhone' },
      serverErrors: { email: 'pages.clients.errors.emailUsed' },
    }),
  },
}

export const DeleteConfirmation: Story = { args: { view: at({ dialog: { deleting: 'confirming' } }) } }

/** The coupons list could not be loaded (the rest of the page is fine). */
export const CouponsFailed: Story = {
  args: {
    view: at(
      { coupons: 'failed' },
      { coupons: { rows: [], total: 0, page: 1, state: null, error: 'pages.clients.coupons.errors.load' } },
    ),
  },
}

/** The real machine on an in-memory client base that answers in 600 ms. */
export const Interactive: Story = {
  render: function Render() {
    const [logic] = useState(() => fakeClientMachines(createClientsBackend(), { latency: 600 }))
    const actor = useActorRef(
      logic.clientDetail.provide({
        actions: {
          notify: (_, p: { level: 'success' | 'error'; id: string }) => notify[p.level](p.id as never),
        },
      }),
      {
        input: {
          clientId: clientId(1),
          franchiseId: FRANCHISE_ID,
          storeId: STORE_1,
          country: 'FR',
          stores: STORES,
        },
      },
    )
    const view = useSelector(actor, toClientDetailView)
    const formRef = useSelector(
      actor,
      (s) => s.children.clientForm as ActorRefFrom<typeof clientFormMachine> | undefined,
    )
    const formView = useSelector(formRef, (s) => (s ? toClientFormView(s) : null))
    return (
      <ClientDetailPage
        view={view}
        send={actor.send}
        storeName="Maison Dupont 1"
        form={formRef && formView ? { view: formView, send: formRef.send } : null}
      />
    )
  },
}
