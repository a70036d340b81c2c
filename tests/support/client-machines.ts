// The client screens' machines on the in-memory client base (tests/support/clients-backend.ts) instead
// of src/api: what UI tests and interactive stories hand to the pages through ProvidedMachines. The
// address and the toasts are the app's effects (AppEffectsProvider), as in the app.
import { type AnyStateMachine, fromPromise } from 'xstate'
import {
  type ClientCrmInput,
  clientCrmMachine,
  type SaveValuesInput,
} from '../../machines/client-crm/client-crm.machine'
import {
  ACTIVE_COUPONS_LIMIT,
  type CouponPageOutput,
  clientDetailMachine,
  type DeleteClientInput,
  type LoadClientInput,
  type LoadClientOutput,
  type LoadCouponsInput,
  type MovePointsInput,
  type RecordSaleInput,
  type RedeemCouponInput,
  type RedeemOfferInput,
} from '../../machines/client-detail/client-detail.machine'
import {
  clientEraseMachine,
  type EraseClientInput,
  type EraseClientOutput,
} from '../../machines/client-erase/client-erase.machine'
import { clientExpiryMachine } from '../../machines/client-expiry/client-expiry.machine'
import { clientFormMachine, type SaveClientInput } from '../../machines/client-form/client-form.machine'
import { clientCreateMachine } from '../../machines/client-list/client-create.machine'
import {
  clientListMachine,
  type ListClientsInput,
  type ListClientsOutput,
} from '../../machines/client-list/client-list.list'
import { clientQueryOf } from '../../machines/client-list/query'
import type { ClientQuery } from '../../src/api/clients'
import type { ClientDetail, ClientPage, LoyaltyCard } from '../../src/domain/clients'
import type { CrmField } from '../../src/domain/crm'
import type { CrmClientValues } from '../../src/domain/crm-clients'
import type { ClientExpiryResponse } from '../../src/domain/expiry'
import type { ClientsBackend } from './clients-backend'

export type ClientMachinesOptions = {
  /** Milliseconds every answer takes (stories show their busy states). */
  latency?: number
  /** A loyalty card's clients (the loyalty page's customers tab); the whole base by default. */
  cardClients?: (query: ClientQuery) => Promise<ClientPage>
  /** The registration form's fields and every client's answers (issue 21); none by default. */
  crm?: { fields: CrmField[]; values: Record<string, Record<string, string>> }
  /** The client's points expiry (issue 23); expiry off (no panel) by default. */
  expiry?: () => Promise<ClientExpiryResponse>
}

const EXPIRY_OFF: ClientExpiryResponse = { mode: 'OFF', months: 0, balance: 0, upcoming: [] }

/** What a page takes through ProvidedMachines: every client machine on `backend`. */
export const clientMachinesFor = (backend: ClientsBackend, options: ClientMachinesOptions = {}) =>
  Object.values(fakeClientMachines(backend, options)) as AnyStateMachine[]

/** Each client machine on `backend`, by name (a story runs one of them itself). */
export function fakeClientMachines(backend: ClientsBackend, options: ClientMachinesOptions = {}) {
  const later = async <T>(answer: () => Promise<T>) => {
    if (options.latency) await new Promise((r) => setTimeout(r, options.latency))
    return answer()
  }
  const clientForm = clientFormMachine.provide({
    actors: {
      saveClient: fromPromise<ClientDetail, SaveClientInput>(({ input }) =>
        later(() =>
          input.mode === 'edit' && input.input.id
            ? backend.update(input.franchiseId, { ...input.input, id: input.input.id })
            : backend.create(input.franchiseId, input.input),
        ),
      ),
    },
  })
  const crm = options.crm ?? { fields: [], values: {} }
  const cardClients = options.cardClients ?? ((query: ClientQuery) => backend.list(query))
  const expiry = options.expiry ?? (async () => EXPIRY_OFF)
  return {
    clientList: clientListMachine.provide({
      actors: {
        // A loyalty card's list (the customers tab) asks `cardClients`, every other list the base.
        loadPage: fromPromise<ListClientsOutput, ListClientsInput>(({ input }) =>
          later(async () => {
            const query = clientQueryOf(input)
            return {
              requestId: input.requestId,
              page: input.params.modelId ? await cardClients(query) : await backend.list(query),
            }
          }),
        ),
      },
    }),
    clientCreate: clientCreateMachine.provide({ actors: { clientForm } }),
    clientCrm: clientCrmMachine.provide({
      actors: {
        loadValues: fromPromise<CrmClientValues, ClientCrmInput>(({ input }) =>
          later(async () => ({ fields: crm.fields, values: { ...crm.values[input.clientId] } })),
        ),
        saveValues: fromPromise<CrmClientValues, SaveValuesInput>(({ input }) =>
          later(async () => {
            const kept = Object.fromEntries(Object.entries(input.values).filter(([, v]) => v.trim() !== ''))
            crm.values[input.clientId] = kept
            return { fields: crm.fields, values: kept }
          }),
        ),
      },
    }),
    clientDetail: clientDetailMachine.provide({
      actors: {
        loadClient: fromPromise<LoadClientOutput, LoadClientInput>(({ input }) =>
          later(async () => {
            const [info, loyalty, active] = await Promise.all([
              backend.detail(input.franchiseId, input.clientId),
              backend.loyalty(input.franchiseId, input.clientId),
              backend.coupons(input.clientId, { page: 1, size: ACTIVE_COUPONS_LIMIT, state: 'active' }),
            ])
            return { info, offers: loyalty.offers, activeCoupons: active.data }
          }),
        ),
        loadCoupons: fromPromise<CouponPageOutput, LoadCouponsInput>(({ input }) =>
          later(() => backend.coupons(input.clientId, input)),
        ),
        movePoints: fromPromise<LoyaltyCard, MovePointsInput>(({ input }) =>
          later(() => backend.movePoints(input)),
        ),
        recordSale: fromPromise<LoyaltyCard, RecordSaleInput>(({ input }) =>
          later(() => backend.sale(input.storeId, input.clientId, input.amount)),
        ),
        redeemOffer: fromPromise<LoyaltyCard, RedeemOfferInput>(({ input }) =>
          later(() => backend.redeemOffer(input.offerId, { userId: input.userId, storeId: input.storeId })),
        ),
        redeemCoupon: fromPromise<unknown, RedeemCouponInput>(({ input }) =>
          later(() => backend.redeemCoupon(input.couponId, { storeId: input.storeId })),
        ),
        deleteClient: fromPromise<void, DeleteClientInput>(({ input }) =>
          later(() => backend.remove(input.franchiseId, input.clientId)),
        ),
        clientForm,
      },
    }),
    clientErase: clientEraseMachine.provide({
      actors: {
        eraseClient: fromPromise<EraseClientOutput, EraseClientInput>(({ input }) =>
          later(() => backend.erase(input.franchiseId, input.clientId)),
        ),
      },
    }),
    clientExpiry: clientExpiryMachine.provide({ actors: { loadExpiry: fromPromise(() => later(expiry)) } }),
  }
}
