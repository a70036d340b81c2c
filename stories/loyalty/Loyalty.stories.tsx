// The loyalty page ("my card" and its offers) in each state, built from the machines' own states.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type LoyaltyCardContext, loyaltyCardMachine } from '../../machines/loyalty-card/loyalty-card.machine'
import { toLoyaltyCardView } from '../../machines/loyalty-card/loyalty-card.view'
import {
  type LoyaltyOffersContext,
  loyaltyOffersMachine,
} from '../../machines/loyalty-offers/loyalty-offers.machine'
import { toLoyaltyOffersView } from '../../machines/loyalty-offers/loyalty-offers.view'
import type { StoreSummary } from '../../src/domain/franchise'
import {
  cardToForm,
  emptyCardForm,
  emptyOfferForm,
  type LoyaltyModel,
  type LoyaltyOffer,
} from '../../src/domain/loyalty'
import { LoyaltyPage } from '../../src/features/loyalty/LoyaltyPage'
import { OffersSection } from '../../src/features/loyalty/OffersSection'

const store = (n: number, name: string): StoreSummary => ({
  id: `22222222-2222-4222-8222-00000000000${n}`,
  franchiseId: '11111111-1111-4111-8111-111111111111',
  name,
  currencyCode: 'EUR',
  logo: null,
  settings: { hasScannerEnabled: false, hasFullWebAppEnabled: false },
  nbClients: 0,
  dateCreated: `2026-01-0${n}T10:00:00.000Z`,
})
const STORES = [store(1, 'Maison Dupont — Paris Marais'), store(2, 'Maison Dupont — Lyon Presqu’île')]
const CARD: LoyaltyModel = {
  id: '00000000-0000-4000-8000-0000000000c1',
  franchiseId: STORES[0]!.franchiseId,
  name: 'Carte Maison Dupont',
  image: null,
  loyaltyType: 'PASSAGE',
  earnRate: 10,
  maxPoints: 500,
  hasMaxPointsEnabled: true,
  minTimeBetweenVisits: 3600,
  storeIds: STORES.map((s) => s.id),
  posProductIds: [],
}
const offer = (n: number, name: string, points: number, over: Partial<LoyaltyOffer> = {}): LoyaltyOffer => ({
  id: `00000000-0000-4000-8000-0000000000f${n}`,
  loyaltyModelId: CARD.id,
  name,
  description: 'Pour nos clients fidèles, dans tous nos magasins.',
  image: null,
  redeemPointAmount: points,
  type: 'FLAT',
  value: 500,
  currencyCode: 'EUR',
  posProductIds: [],
  productPriority: null,
  expirationDate: null,
  status: 'ACTIVE',
  statusUpdated: '2026-01-01T00:00:00.000Z',
  redeemedCount: 12 * n,
  lastRedeemDate: null,
  dateCreated: '2026-01-01T00:00:00.000Z',
  ...over,
})
const OFFERS = [
  offer(1, 'Café offert', 50, { type: 'PRODUCT', value: null, currencyCode: null, posProductIds: ['cafe'] }),
  offer(2, '5 € de remise', 150),
  offer(3, '10 % sur les gâteaux', 250, { type: 'PERCENTAGE', value: 10, currencyCode: null }),
  offer(4, 'Galette des rois', 400, { status: 'ARCHIVED' }),
]

function card(value: object, over: Partial<LoyaltyCardContext> = {}) {
  const values = cardToForm(CARD)
  const context: LoyaltyCardContext = {
    franchiseId: CARD.franchiseId,
    storeIds: CARD.storeIds,
    canEdit: true,
    franchiseLoyaltyType: 'PASSAGE',
    card: CARD,
    products: [],
    values,
    initial: values,
    touched: [],
    submitted: false,
    serverErrors: {},
    error: null,
    tab: 'card',
    ...over,
  }
  return toLoyaltyCardView(loyaltyCardMachine.resolveState({ value: value as never, context }))
}

function offers(value: string | object, over: Partial<LoyaltyOffersContext> = {}) {
  const context: LoyaltyOffersContext = {
    modelId: CARD.id,
    canEdit: true,
    franchiseId: null,
    offers: OFFERS.filter((o) => o.status === 'ACTIVE'),
    includeArchived: false,
    error: null,
    editor: null,
    statusChange: null,
    ...over,
  }
  const view = toLoyaltyOffersView(loyaltyOffersMachine.resolveState({ value: value as never, context }))
  return <OffersSection view={view} send={() => {}} currency="EUR" products={[]} />
}

const meta = {
  title: 'Loyalty/Loyalty page',
  component: LoyaltyPage,
  args: {
    view: card({ card: { editing: 'idle' }, tab: 'card' }),
    send: () => {},
    stores: STORES,
    currency: 'EUR',
    offers: offers('ready'),
    customers: null,
  },
} satisfies Meta<typeof LoyaltyPage>

export default meta
type Story = StoryObj<typeof meta>

export const Card: Story = {}
export const Loading: Story = { args: { view: card({ card: 'loading', tab: 'card' }, { card: null }) } }
export const LoadFailed: Story = {
  args: { view: card({ card: 'failed', tab: 'card' }, { card: null, error: 'loyalty.errors.load' }) },
}
export const NoCardYet: Story = { args: { view: card({ card: 'empty', tab: 'card' }, { card: null }) } }
export const NewCardWithErrors: Story = {
  args: {
    view: card(
      { card: { editing: 'idle' }, tab: 'card' },
      { card: null, values: { ...emptyCardForm([]), name: 'Bagel Club' }, submitted: true },
    ),
  },
}
export const Saving: Story = {
  args: { view: card({ card: 'saving', tab: 'card' }, { values: { ...cardToForm(CARD), name: 'Carte 2' } }) },
}
export const ConfirmingLeave: Story = {
  args: {
    view: card(
      { card: { editing: 'idle' }, tab: 'confirmingLeave' },
      { values: { ...cardToForm(CARD), name: 'x' } },
    ),
  },
}
export const ReadOnlyStoreOwner: Story = {
  args: {
    view: card({ card: { editing: 'idle' }, tab: 'card' }, { canEdit: false }),
    offers: offers('ready', { canEdit: false }),
  },
}
export const ProductsCard: Story = {
  args: {
    view: card(
      { card: { editing: 'idle' }, tab: 'card' },
      {
        values: { ...cardToForm(CARD), loyaltyType: 'POS_PRODUCTS', posProductIds: 'cafe' },
        products: [
          { id: 'cafe', name: 'Café', priceCents: 180, currencyCode: 'EUR' },
          { id: 'croissant', name: 'Croissant', priceCents: 120, currencyCode: 'EUR' },
        ],
      },
    ),
  },
}
export const OffersWithArchived: Story = {
  args: { offers: offers('ready', { offers: OFFERS, includeArchived: true }) },
}
export const OffersEmpty: Story = { args: { offers: offers('ready', { offers: [] }) } }
export const OffersLoadFailed: Story = {
  args: { offers: offers('failed', { offers: [], error: 'loyalty.errors.offersLoad' }) },
}
export const NewOfferWithErrors: Story = {
  args: {
    offers: offers(
      { editing: 'idle' },
      {
        editor: {
          type: 'new',
          offerId: null,
          values: {
            ...emptyOfferForm(),
            name: 'Remise',
            description: 'Court',
            type: 'PERCENTAGE',
            value: '150',
          },
          initial: emptyOfferForm(),
          touched: [],
          submitted: true,
          serverErrors: {},
        },
      },
    ),
  },
}
export const ConfirmingArchive: Story = {
  args: {
    offers: offers('confirmingStatus', {
      statusChange: { offerId: OFFERS[1]!.id, name: OFFERS[1]!.name, status: 'ARCHIVED' },
    }),
  },
}
export const CustomersWithoutCard: Story = {
  args: { view: card({ card: 'empty', tab: 'customers' }, { card: null, tab: 'customers' }) },
}
