import { merchantActionsMachine } from '../../machines/admin-merchants'
import { ApiError } from '../../src/api/client'
import type { MerchantPage, MerchantRow } from '../../src/domain/admin'
import {
  type Answers,
  type Call,
  loadAnswers,
  recording,
  searchDebounced,
} from '../machines/paged-list-support'

export const ADMIN = '99999999-9999-4999-8999-999999999999'
export const input = { location: '', params: {} }
export const ROW: MerchantRow = {
  id: '33333333-3333-4333-8333-333333333333',
  email: 'owner@demo.test',
  displayName: 'Claire Dupont',
  isSubscribedRetailer: true,
  hasFullAccess: true,
  hasAcceptedCGV: true,
  dateCreated: '2026-11-21T10:00:00.000Z',
  franchise: {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Maison Dupont',
    codeAlpha3: 'FRA',
    currencyCode: 'EUR',
  },
  franchises: [{ id: '44444444-4444-4444-8444-444444444444', name: 'Maison Dupont' }],
  loyaltyModel: { id: '55555555-5555-4555-8555-555555555555', name: 'Carte', loyaltyType: 'PASSAGE' },
  stores: [{ id: '66666666-6666-4666-8666-666666666666', name: 'Paris' }],
  clientCount: 12,
  passages30Days: 4,
}
export const OFF: MerchantRow = { ...ROW, isSubscribedRetailer: false, hasFullAccess: false }
export const PAGE: MerchantPage = { data: [ROW], metadata: { page: 1, size: 10, total: 1 } }
export const EMPTY: MerchantPage = { data: [], metadata: { page: 1, size: 10, total: 0 } }
export const AFTER = searchDebounced('adminMerchants')
export const VALID_FORM = { title: 'Café', codeAlpha3: 'FRA', email: 'cafe@example.test', displayName: '' }

export const CREATED = {
  id: 'new-franchise',
  name: 'Café',
  codeAlpha3: 'FRA',
  currencyCode: 'EUR',
  timezone: 'Europe/Paris',
  userId: null,
  dateCreated: '2026-11-21T10:00:00.000Z',
}

// biome-ignore lint/suspicious/noExplicitAny: graph states of the machine
export const listEvents = (state: any) => [
  { type: 'query.change', location: '?filter=dupont&page=2' },
  { type: 'list.search', value: 'dupont' },
  { type: 'list.searchNow' },
  { type: AFTER },
  { type: 'list.sort', field: 'email' },
  { type: 'list.sort', field: 'password' },
  { type: 'list.page', page: 2 },
  { type: 'list.size', size: 50 },
  { type: 'list.clear' },
  { type: 'list.retry' },
  ...loadAnswers(state.context.requestId, {
    page: PAGE,
    empty: EMPTY,
    error: new ApiError(503, 'UNAVAILABLE', 'down'),
  }),
]

export const actionEvents = [
  { type: 'merchants.subscription', row: ROW },
  { type: 'merchants.connectAs', row: ROW },
  { type: 'merchants.create' },
  { type: 'merchants.addFranchise', row: ROW },
  { type: 'form.ownerTiming', value: 'later' },
  { type: 'form.change', field: 'title', value: 'Café' },
  { type: 'form.change', field: 'email', value: 'cafe@example.test' },
  { type: 'form.submit' },
  { type: 'dialog.confirm' },
  { type: 'dialog.cancel' },
  { type: 'xstate.done.actor.setSubscription', output: OFF },
  { type: 'xstate.error.actor.setSubscription', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
  { type: 'xstate.done.actor.encodeToken', output: { id: 'impostor-token' } },
  { type: 'xstate.error.actor.encodeToken', error: new ApiError(403, 'FORBIDDEN', 'no') },
  {
    type: 'xstate.done.actor.createFranchiseOwner',
    output: {
      franchise: { id: 'f', name: 'Café', codeAlpha3: 'FRA', currencyCode: 'EUR' },
      owner: { id: 'o', email: 'cafe@example.test' },
    },
  },
  {
    type: 'xstate.error.actor.createFranchiseOwner',
    error: new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken'),
  },
  { type: 'xstate.done.actor.createFranchise', output: CREATED },
  { type: 'xstate.error.actor.createFranchise', error: new ApiError(500, 'INTERNAL_ERROR', 'down') },
]

export type Effects = {
  notices: string[]
  calls: Call[]
  actedAs: string[]
  panels: string[]
  changedRows: MerchantRow[]
  reloads: number
}
export const noEffects = (): Effects => ({
  notices: [],
  calls: [],
  actedAs: [],
  panels: [],
  changedRows: [],
  reloads: 0,
})
export function harness(effects: Effects, answers: Answers = {}) {
  const record = (name: string) => recording(name, effects.calls, answers[name]) as never
  return merchantActionsMachine.provide({
    actors: {
      setSubscription: record('setSubscription'),
      encodeToken: record('encodeToken'),
      createFranchiseOwner: record('createFranchiseOwner'),
      createFranchise: record('createFranchise'),
    },
    actions: {
      notify: (_, p: { id: string }) => effects.notices.push(p.id),
      actAs: (_, p: { token: string }) => effects.actedAs.push(p.token),
      openPanel: (_, p: { franchiseId: string }) => effects.panels.push(p.franchiseId),
      rowChanged: (_, p: { row: MerchantRow }) => effects.changedRows.push(p.row),
      listChanged: () => {
        effects.reloads++
      },
    },
  })
}
export const actionsInput = { adminId: ADMIN }
