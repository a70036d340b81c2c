import { assign, fromPromise, raise, setup } from 'xstate'
import type { ApiError } from '../../src/api/client'
import type { LoyaltyCard } from '../../src/domain/clients'
import { COUPON_STATES } from '../../src/domain/clients'
import { valuesFromClient } from '../client-form/client-form'
import { type ClientFormOutput, clientFormMachine } from '../client-form/client-form.machine'
import {
  applyCard,
  parsePoints,
  pointsErrorFromApi,
  redeemErrorFromApi,
  saleErrorFromApi,
  validatePoints,
  validateSaleAmount,
  withRedeemable,
} from './client-detail'

import {
  type ClientDetailContext,
  type ClientDetailEvent,
  type ClientDetailInput,
  COUPONS_PAGE_SIZE,
  type CouponPageOutput,
  type DeleteClientInput,
  type LoadClientInput,
  type LoadClientOutput,
  type LoadCouponsInput,
  type MovePointsInput,
  type RecordSaleInput,
  type RedeemCouponInput,
  type RedeemOfferInput,
} from './client-detail.types'

export * from './client-detail.types'

type Output<T> = { output: T }
const outputOf = <T>(event: unknown) => (event as Output<T>).output
const errorOf = (event: unknown) => (event as { error?: ApiError }).error

const closed = '#clientDetail.ready.dialog.closed'

export const clientDetailMachine = setup({
  types: {
    input: {} as ClientDetailInput,
    context: {} as ClientDetailContext,
    events: {} as ClientDetailEvent,
  },
  actors: {
    loadClient: fromPromise<LoadClientOutput, LoadClientInput>(async () => {
      throw new Error('loadClient not provided')
    }),
    loadCoupons: fromPromise<CouponPageOutput, LoadCouponsInput>(async () => {
      throw new Error('loadCoupons not provided')
    }),
    movePoints: fromPromise<LoyaltyCard, MovePointsInput>(async () => {
      throw new Error('movePoints not provided')
    }),
    recordSale: fromPromise<LoyaltyCard, RecordSaleInput>(async () => {
      throw new Error('recordSale not provided')
    }),
    redeemOffer: fromPromise<LoyaltyCard, RedeemOfferInput>(async () => {
      throw new Error('redeemOffer not provided')
    }),
    redeemCoupon: fromPromise<unknown, RedeemCouponInput>(async () => {
      throw new Error('redeemCoupon not provided')
    }),
    deleteClient: fromPromise<void, DeleteClientInput>(async () => {
      throw new Error('deleteClient not provided')
    }),
    clientForm: clientFormMachine,
  },
  guards: {
    hasStore: ({ context }) => context.storeId !== null,
    isPointsValid: ({ context }) => validatePoints(context.points, context.info?.points ?? 0) === null,
    isAmountValid: ({ context }) => validateSaleAmount(context.amount) === null,
    canRedeemOffer: ({ context, event }) =>
      context.storeId !== null &&
      event.type === 'offer.redeem' &&
      context.offers.some((o) => o.id === event.offerId && o.canRedeem !== false),
    canRedeemCoupon: ({ context, event }) =>
      context.storeId !== null &&
      event.type === 'coupon.redeem' &&
      (context.activeCoupons.some((c) => c.id === event.couponId) ||
        context.coupons.rows.some((c) => c.id === event.couponId && c.state === 'active')),
    isOtherCouponsPage: ({ context, event }) =>
      event.type === 'coupons.page' &&
      Number.isSafeInteger(event.page) &&
      event.page >= 1 &&
      event.page !== context.coupons.page,
    isOtherCouponsState: ({ context, event }) =>
      event.type === 'coupons.filter' &&
      (event.state === null || (COUPON_STATES as readonly string[]).includes(event.state)) &&
      event.state !== context.coupons.state,
    isCredit: ({ context }) => (parsePoints(context.points) ?? 0) > 0,
    hasSavedClient: ({ event }) => !!outputOf<ClientFormOutput | undefined>(event)?.client,
  },
  actions: {
    /** Provided by the app: a toast (§8 message id). */
    notify: (_, _params: { level: 'success' | 'error'; id: string }) => {},
    /** Provided by the app: back to the client list (after a delete). */
    goToList: () => {},
    setLoaded: assign(({ event }) => {
      const { info, offers, activeCoupons } = outputOf<LoadClientOutput>(event)
      return { info, offers: withRedeemable(offers, info.points), activeCoupons, error: null }
    }),
    // A malformed id (400) names no client either.
    setLoadFailure: assign(({ event }) => {
      const status = errorOf(event)?.status
      return {
        error:
          status === 404 || status === 400
            ? 'pages.clients.errors.notFound'
            : 'pages.clients.errors.information',
      }
    }),
    setCoupons: assign(({ context, event }) => {
      const page = outputOf<CouponPageOutput>(event)
      return { coupons: { ...context.coupons, rows: page.data, total: page.metadata.total, error: null } }
    }),
    setCouponsFailure: assign(({ context }) => ({
      coupons: { ...context.coupons, rows: [], total: 0, error: 'pages.clients.coupons.errors.load' },
    })),
    setCouponsPage: assign(({ context, event }) =>
      event.type === 'coupons.page' ? { coupons: { ...context.coupons, page: event.page } } : {},
    ),
    setCouponsState: assign(({ context, event }) =>
      event.type === 'coupons.filter' ? { coupons: { ...context.coupons, state: event.state, page: 1 } } : {},
    ),
    openPoints: assign({ points: '', fieldError: null, dialogError: null }),
    setPoints: assign(({ event }) =>
      event.type === 'points.change' ? { points: event.value, fieldError: null } : {},
    ),
    showPointsError: assign(({ context }) => ({
      fieldError: validatePoints(context.points, context.info?.points ?? 0),
    })),
    openSale: assign({ amount: '', fieldError: null, dialogError: null }),
    setAmount: assign(({ event }) =>
      event.type === 'sale.change' ? { amount: event.value, fieldError: null } : {},
    ),
    showAmountError: assign(({ context }) => ({ fieldError: validateSaleAmount(context.amount) })),
    showPointsFailure: assign(({ event }) => ({ fieldError: pointsErrorFromApi(errorOf(event)) })),
    showSaleFailure: assign(({ event }) => ({ fieldError: saleErrorFromApi(errorOf(event)) })),
    chooseOffer: assign(({ event }) =>
      event.type === 'offer.redeem' ? { offerId: event.offerId, dialogError: null } : {},
    ),
    chooseCoupon: assign(({ event }) =>
      event.type === 'coupon.redeem' ? { couponId: event.couponId, dialogError: null } : {},
    ),
    showOfferFailure: assign(({ event }) => ({ dialogError: redeemErrorFromApi(errorOf(event), 'offer') })),
    showCouponFailure: assign(({ event }) => ({ dialogError: redeemErrorFromApi(errorOf(event), 'coupon') })),
    clearDialog: assign({
      points: '',
      amount: '',
      fieldError: null,
      dialogError: null,
      offerId: null,
      couponId: null,
    }),
    applyCard: assign(({ context, event }) => {
      if (!context.info) return {}
      const card = outputOf<LoyaltyCard>(event)
      const names = new Map(context.stores.map((s) => [s.id, s.name]))
      const info = applyCard(context.info, card, (id) => (id ? (names.get(id) ?? null) : null))
      return { info, offers: withRedeemable(context.offers, info.points) }
    }),
    dropRedeemedCoupon: assign(({ context }) => ({
      activeCoupons: context.activeCoupons.filter((c) => c.id !== context.couponId),
    })),
    replaceInfo: assign(({ context, event }) => {
      const client = outputOf<ClientFormOutput>(event).client
      if (!client || !context.info) return {}
      // The form's answer carries the client's fields; keep the history if it came without one.
      return {
        info: {
          ...client,
          transactions: client.transactions.length ? client.transactions : context.info.transactions,
        },
      }
    }),
  },
}).createMachine({
  id: 'clientDetail',
  context: ({ input }) => ({
    ...input,
    info: null,
    offers: [],
    activeCoupons: [],
    error: null,
    coupons: { rows: [], total: 0, page: 1, state: null, error: null },
    points: '',
    amount: '',
    fieldError: null,
    offerId: null,
    couponId: null,
    dialogError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadClient',
        src: 'loadClient',
        input: ({ context }) => ({
          franchiseId: context.franchiseId,
          clientId: context.clientId,
          storeId: context.storeId,
        }),
        onDone: { target: 'ready', actions: 'setLoaded' },
        onError: { target: 'failed', actions: 'setLoadFailure' },
      },
    },
    // §8 "Client info/loyalty failure: failed-information state, nothing returned".
    failed: { on: { 'detail.retry': 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        // A silent reload of the figures a move does not answer with (after a sale: the average basket).
        info: {
          initial: 'idle',
          states: {
            idle: { on: { 'detail.refresh': 'refreshing' } },
            refreshing: {
              invoke: {
                id: 'loadClient',
                src: 'loadClient',
                input: ({ context }) => ({
                  franchiseId: context.franchiseId,
                  clientId: context.clientId,
                  storeId: context.storeId,
                }),
                onDone: { target: 'idle', actions: 'setLoaded' },
                onError: 'idle',
              },
            },
          },
        },
        coupons: {
          initial: 'loading',
          on: {
            'coupons.page': { guard: 'isOtherCouponsPage', target: '.loading', actions: 'setCouponsPage' },
            'coupons.filter': {
              guard: 'isOtherCouponsState',
              target: '.loading',
              actions: 'setCouponsState',
            },
            'coupons.reload': '.loading',
          },
          states: {
            loading: {
              invoke: {
                id: 'loadCoupons',
                src: 'loadCoupons',
                input: ({ context }) => ({
                  clientId: context.clientId,
                  franchiseId: context.franchiseId,
                  page: context.coupons.page,
                  size: COUPONS_PAGE_SIZE,
                  state: context.coupons.state,
                }),
                onDone: { target: 'ready', actions: 'setCoupons' },
                onError: { target: 'failed', actions: 'setCouponsFailure' },
              },
            },
            ready: {},
            failed: { on: { 'coupons.retry': 'loading' } },
          },
        },
        dialog: {
          initial: 'closed',
          states: {
            closed: {
              entry: 'clearDialog',
              on: {
                'points.open': { guard: 'hasStore', target: 'points', actions: 'openPoints' },
                'sale.open': { guard: 'hasStore', target: 'sale', actions: 'openSale' },
                'offer.redeem': { guard: 'canRedeemOffer', target: 'redeemingOffer', actions: 'chooseOffer' },
                'coupon.redeem': {
                  guard: 'canRedeemCoupon',
                  target: 'redeemingCoupon',
                  actions: 'chooseCoupon',
                },
                'client.edit': 'editing',
                'client.delete': 'deleting',
              },
            },
            points: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'points.change': { actions: 'setPoints' },
                    'points.submit': [
                      { guard: 'isPointsValid', target: 'submitting' },
                      { actions: 'showPointsError' },
                    ],
                    'dialog.close': closed,
                  },
                },
                submitting: {
                  invoke: {
                    id: 'movePoints',
                    src: 'movePoints',
                    input: ({ context }) => ({
                      userId: context.clientId,
                      merchantId: context.franchiseId,
                      storeId: context.storeId!,
                      points: parsePoints(context.points)!,
                    }),
                    onDone: [
                      {
                        guard: 'isCredit',
                        target: closed,
                        actions: [
                          'applyCard',
                          {
                            type: 'notify',
                            params: { level: 'success', id: 'loyalty.editPoints.successAddMessage' },
                          },
                        ],
                      },
                      {
                        target: closed,
                        actions: [
                          'applyCard',
                          {
                            type: 'notify',
                            params: { level: 'success', id: 'loyalty.editPoints.successRemoveMessage' },
                          },
                        ],
                      },
                    ],
                    onError: {
                      target: 'editing',
                      actions: [
                        'showPointsFailure',
                        { type: 'notify', params: { level: 'error', id: 'loyalty.editPoints.errorMessage' } },
                      ],
                    },
                  },
                },
              },
            },
            sale: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'sale.change': { actions: 'setAmount' },
                    'sale.submit': [
                      { guard: 'isAmountValid', target: 'submitting' },
                      { actions: 'showAmountError' },
                    ],
                    'dialog.close': closed,
                  },
                },
                submitting: {
                  invoke: {
                    id: 'recordSale',
                    src: 'recordSale',
                    input: ({ context }) => ({
                      storeId: context.storeId!,
                      clientId: context.clientId,
                      amount: context.amount.trim(),
                    }),
                    onDone: {
                      target: closed,
                      actions: [
                        'applyCard',
                        {
                          type: 'notify',
                          params: { level: 'success', id: 'loyalty.addSale.addSaleSuccess' },
                        },
                        raise({ type: 'detail.refresh' }),
                      ],
                    },
                    onError: {
                      target: 'editing',
                      actions: [
                        'showSaleFailure',
                        { type: 'notify', params: { level: 'error', id: 'loyalty.addSale.addSaleError' } },
                      ],
                    },
                  },
                },
              },
            },
            redeemingOffer: {
              initial: 'confirming',
              states: {
                confirming: { on: { 'dialog.confirm': 'submitting', 'dialog.close': closed } },
                submitting: {
                  invoke: {
                    id: 'redeemOffer',
                    src: 'redeemOffer',
                    input: ({ context }) => ({
                      offerId: context.offerId!,
                      userId: context.clientId,
                      storeId: context.storeId!,
                    }),
                    onDone: {
                      target: closed,
                      actions: [
                        'applyCard',
                        {
                          type: 'notify',
                          params: { level: 'success', id: 'pages.clients.offersDialog.success' },
                        },
                      ],
                    },
                    onError: {
                      target: 'confirming',
                      actions: [
                        'showOfferFailure',
                        {
                          type: 'notify',
                          params: { level: 'error', id: 'pages.clients.offersDialog.errors.redeem' },
                        },
                      ],
                    },
                  },
                },
              },
            },
            redeemingCoupon: {
              initial: 'confirming',
              states: {
                confirming: { on: { 'dialog.confirm': 'submitting', 'dialog.close': closed } },
                submitting: {
                  invoke: {
                    id: 'redeemCoupon',
                    src: 'redeemCoupon',
                    input: ({ context }) => ({ couponId: context.couponId!, storeId: context.storeId! }),
                    onDone: {
                      target: closed,
                      actions: [
                        'dropRedeemedCoupon',
                        {
                          type: 'notify',
                          params: { level: 'success', id: 'pages.clients.couponsDialog.success' },
                        },
                        raise({ type: 'coupons.reload' }),
                      ],
                    },
                    onError: {
                      target: 'confirming',
                      actions: [
                        'showCouponFailure',
                        {
                          type: 'notify',
                          params: { level: 'error', id: 'pages.clients.couponsDialog.errors.redeem' },
                        },
                      ],
                    },
                  },
                },
              },
            },
            editing: {
              invoke: {
                id: 'clientForm',
                src: 'clientForm',
                input: ({ context }) => ({
                  mode: 'edit' as const,
                  franchiseId: context.franchiseId,
                  country: context.country,
                  clientId: context.clientId,
                  values: valuesFromClient(context.info!),
                }),
                onDone: [
                  {
                    guard: 'hasSavedClient',
                    target: 'closed',
                    actions: [
                      'replaceInfo',
                      {
                        type: 'notify',
                        params: { level: 'success', id: 'pages.clients.editClient.success' },
                      },
                    ],
                  },
                  { target: 'closed' },
                ],
              },
            },
            deleting: {
              initial: 'confirming',
              states: {
                confirming: { on: { 'dialog.confirm': 'submitting', 'dialog.close': closed } },
                submitting: {
                  invoke: {
                    id: 'deleteClient',
                    src: 'deleteClient',
                    input: ({ context }) => ({
                      franchiseId: context.franchiseId,
                      clientId: context.clientId,
                    }),
                    onDone: {
                      target: '#clientDetail.deleted',
                      actions: [
                        {
                          type: 'notify',
                          params: { level: 'success', id: 'pages.clients.deleteClient.success' },
                        },
                        'goToList',
                      ],
                    },
                    onError: {
                      target: closed,
                      actions: {
                        type: 'notify',
                        params: { level: 'error', id: 'pages.clients.deleteClient.error' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
})
