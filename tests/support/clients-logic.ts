// The client screens' machines on the in-memory client base (tests/support/clients-backend.ts) instead
// of src/api: what UI tests and interactive stories hand to ClientsLogicContext.
import { fromCallback, fromPromise } from 'xstate'
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
import { clientFormMachine, type SaveClientInput } from '../../machines/client-form/client-form.machine'
import type { LocationSource } from '../../machines/client-list/client-list.actors'
import {
  clientListMachine,
  type ListClientsInput,
  type ListClientsOutput,
} from '../../machines/client-list/client-list.machine'
import type { ClientDetail, LoyaltyCard } from '../../src/domain/clients'
import type { CrmField } from '../../src/domain/crm'
import type { CrmClientValues } from '../../src/domain/crm-clients'
import type { ClientsLogic, NoticeLevel } from '../../src/features/clients/logic'
import type { ClientsBackend } from './clients-backend'

export type ClientsLogicOptions = {
  /** The address the list follows; none (stories) means it never changes by itself. */
  location?: LocationSource
  notify?: (level: NoticeLevel, id: string) => void
  /** Milliseconds every answer takes (stories show their busy states). */
  latency?: number
  /** A loyalty card's clients (the loyalty page's customers tab); the whole base by default. */
  cardClients?: (input: ListClientsInput) => Promise<ListClientsOutput['page']>
  /** The registration form's fields and every client's answers (issue 21); none by default. */
  crm?: { fields: CrmField[]; values: Record<string, Record<string, string>> }
}

const still: LocationSource = { read: () => ({ path: '', search: '' }), subscribe: () => () => {} }

export function clientsLogicFor(backend: ClientsBackend, options: ClientsLogicOptions = {}): ClientsLogic {
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
  const cardClients = options.cardClients ?? ((input: ListClientsInput) => backend.list(input.query))
  return {
    clientList: clientListMachine.provide({
      actors: {
        listClients: fromPromise<ListClientsOutput, ListClientsInput>(({ input }) =>
          later(async () => ({ requestId: input.requestId, page: await backend.list(input.query) })),
        ),
        watchLocation: fromCallback(() => () => {}),
        clientForm,
      },
    }),
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
    location: options.location ?? still,
    notify: options.notify ?? (() => {}),
    listCardClients: () =>
      fromPromise<ListClientsOutput, ListClientsInput>(async ({ input }) => ({
        requestId: input.requestId,
        page: await cardClients(input),
      })),
  }
}
