import { raise, setup } from 'xstate'
import { valuesFromClient } from '../client-form/client-form'
import { clientFormMachine } from '../client-form/client-form.machine'
import { parsePoints } from './client-detail'
import { clientDetailActions, toast } from './client-detail.actions'
import {
  deleteClient,
  loadClient,
  loadCoupons,
  movePoints,
  recordSale,
  redeemCoupon,
  redeemOffer,
} from './client-detail.actors'
import { clientDetailGuards } from './client-detail.guards'
import type * as T from './client-detail.types'
import { COUPONS_PAGE_SIZE } from './client-detail.types'

export * from './client-detail.types'

const clientDetailSetup = setup({
  types: {
    input: {} as T.ClientDetailInput,
    context: {} as T.ClientDetailContext,
    events: {} as T.ClientDetailEvent,
  },
  actors: {
    loadClient,
    loadCoupons,
    movePoints,
    recordSale,
    redeemOffer,
    redeemCoupon,
    deleteClient,
    clientForm: clientFormMachine,
  },
  guards: clientDetailGuards,
  actions: clientDetailActions,
})

type StateConfig = Parameters<typeof clientDetailSetup.createStateConfig>[0]
type Invoke = Exclude<StateConfig['invoke'], readonly unknown[] | undefined>

const closed = '#clientDetail.ready.dialog.closed'

// The dialogs' two shapes; the chart gives each its invoke and where the answers go.
/** A dialog with a field: `editing` until a valid submit, then `submitting` through one invoke. */
const formDialog = (on: NonNullable<StateConfig['on']>, invoke: Invoke) => ({
  initial: 'editing' as const,
  states: { editing: { on: { ...on, 'dialog.close': closed } }, submitting: { invoke } },
})
/** A dialog that asks first: `confirming` until `dialog.confirm`, then `submitting` through one invoke. */
const confirmDialog = (invoke: Invoke) => ({
  initial: 'confirming' as const,
  states: {
    confirming: { on: { 'dialog.confirm': 'submitting', 'dialog.close': closed } },
    submitting: { invoke },
  },
})

/** The loadClient input, for the first load and the silent refresh. */
const clientRef = ({ context }: { context: T.ClientDetailContext }): T.LoadClientInput => ({
  franchiseId: context.franchiseId,
  clientId: context.clientId,
  storeId: context.storeId,
})

export const clientDetailMachine = clientDetailSetup.createMachine({
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
        input: clientRef,
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
                input: clientRef,
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
        // One dialog at a time; closing any of them clears what it held.
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
            // A refused move stays open with the reason beside the field.
            points: formDialog(
              {
                'points.change': { actions: 'setPoints' },
                'points.submit': [
                  { guard: 'isPointsValid', target: 'submitting' },
                  { actions: 'showPointsError' },
                ],
              },
              {
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
                    guard: 'isCreditCapped',
                    target: closed,
                    actions: ['applyCard', toast('success', 'loyalty.editPoints.cappedMessage')],
                  },
                  {
                    guard: 'isCredit',
                    target: closed,
                    actions: ['applyCard', toast('success', 'loyalty.editPoints.successAddMessage')],
                  },
                  {
                    target: closed,
                    actions: ['applyCard', toast('success', 'loyalty.editPoints.successRemoveMessage')],
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: ['showPointsFailure', toast('error', 'loyalty.editPoints.errorMessage')],
                },
              },
            ),
            // The card answers the balance; the average basket comes with a silent refresh.
            sale: formDialog(
              {
                'sale.change': { actions: 'setAmount' },
                'sale.submit': [
                  { guard: 'isAmountValid', target: 'submitting' },
                  { actions: 'showAmountError' },
                ],
              },
              {
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
                    toast('success', 'loyalty.addSale.addSaleSuccess'),
                    raise({ type: 'detail.refresh' }),
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: ['showSaleFailure', toast('error', 'loyalty.addSale.addSaleError')],
                },
              },
            ),
            redeemingOffer: confirmDialog({
              id: 'redeemOffer',
              src: 'redeemOffer',
              input: ({ context }) => ({
                offerId: context.offerId!,
                userId: context.clientId,
                storeId: context.storeId!,
              }),
              onDone: {
                target: closed,
                actions: ['applyCard', toast('success', 'pages.clients.offersDialog.success')],
              },
              onError: {
                target: 'confirming',
                actions: ['showOfferFailure', toast('error', 'pages.clients.offersDialog.errors.redeem')],
              },
            }),
            // A redeemed coupon answers no card: drop it here and reload the list's states.
            redeemingCoupon: confirmDialog({
              id: 'redeemCoupon',
              src: 'redeemCoupon',
              input: ({ context }) => ({ couponId: context.couponId!, storeId: context.storeId! }),
              onDone: {
                target: closed,
                actions: [
                  'dropRedeemedCoupon',
                  toast('success', 'pages.clients.couponsDialog.success'),
                  raise({ type: 'coupons.reload' }),
                ],
              },
              onError: {
                target: 'confirming',
                actions: ['showCouponFailure', toast('error', 'pages.clients.couponsDialog.errors.redeem')],
              },
            }),
            // The client form machine runs the edit; it ends with no client when cancelled.
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
                    actions: ['replaceInfo', toast('success', 'pages.clients.editClient.success')],
                  },
                  { target: 'closed' },
                ],
              },
            },
            // A failed delete closes the dialog: the client is still there to try again.
            deleting: confirmDialog({
              id: 'deleteClient',
              src: 'deleteClient',
              input: ({ context }) => ({ franchiseId: context.franchiseId, clientId: context.clientId }),
              onDone: {
                target: '#clientDetail.deleted',
                actions: [toast('success', 'pages.clients.deleteClient.success'), 'goToList'],
              },
              onError: { target: closed, actions: toast('error', 'pages.clients.deleteClient.error') },
            }),
          },
        },
      },
    },
    deleted: { type: 'final' },
  },
})
