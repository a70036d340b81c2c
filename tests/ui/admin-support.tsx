// The admin pages' UI test harness: an in-memory backend for both admin machines and the shell
// rendered as an admin (shared by admin.test.tsx and franchise-panel.test.tsx).
import { screen, waitFor, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { adminMerchantsListMachine } from '../../machines/admin-merchants/admin-merchants.list'
import { merchantActionsMachine } from '../../machines/admin-merchants/admin-merchants-actions.machine'
import {
  franchisePanelMachine,
  type PanelChange,
} from '../../machines/franchise-panel/franchise-panel.machine'
import { ApiError } from '../../src/api/client'
import type {
  AuditPage,
  CreatedFranchise,
  FranchiseForm,
  FranchiseOwnerForm,
  FranchisePanel,
  MerchantListQuery,
  MerchantPage,
  MerchantRow,
  OwnerForm,
} from '../../src/domain/admin'
import { checkSenderId } from '../../src/domain/sender-id'
import { AppEffectsProvider } from '../../src/ui/effects/app-effects'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { routerEffects } from '../support/router-effects'
import { renderShell } from './shell-support'

export const FRANCHISE = '55555555-5555-4555-8555-000000000000'
export const NEW_FRANCHISE = '55555555-5555-4555-8555-00000000000f'

export function createBackend(count = 3) {
  const rows: MerchantRow[] = Array.from({ length: count }, (_, i) => ({
    id: `44444444-4444-4444-8444-00000000000${i}`,
    email: `merchant${i}@shop.test`,
    displayName: `Merchant ${i}`,
    isSubscribedRetailer: i !== 1,
    hasFullAccess: i !== 1,
    hasAcceptedCGV: true,
    dateCreated: `2026-11-0${i + 1}T10:00:00.000Z`,
    franchise: {
      id: `55555555-5555-4555-8555-00000000000${i}`,
      name: i === 0 ? 'Maison Dupont' : `Franchise ${i}`,
      codeAlpha3: 'FRA',
      currencyCode: 'EUR',
    },
    franchises: [
      { id: `55555555-5555-4555-8555-00000000000${i}`, name: i === 0 ? 'Maison Dupont' : `Franchise ${i}` },
    ],
    loyaltyModel: null,
    stores: [{ id: `66666666-6666-4666-8666-00000000000${i}`, name: `Store ${i}` }],
    clientCount: 10 * i,
    passages30Days: i,
  }))
  const backend = {
    rows,
    fail: 0,
    list: vi.fn(async (q: MerchantListQuery): Promise<MerchantPage> => {
      if (backend.fail) throw new ApiError(backend.fail, 'DOWN', 'down')
      const found = rows.filter((r) => `${r.email} ${r.displayName} ${r.franchise?.name}`.includes(q.filter))
      return {
        data: found.slice((q.page - 1) * q.size, q.page * q.size),
        metadata: { page: q.page, size: q.size, total: found.length },
      }
    }),
    setSubscription: vi.fn(async (id: string, subscribed: boolean) => {
      const row = rows.find((r) => r.id === id)!
      row.isSubscribedRetailer = subscribed
      row.hasFullAccess = subscribed
      return { ...row }
    }),
    encode: vi.fn(async (userId: string, impostorId: string) => ({ id: `token-${userId}-${impostorId}` })),
    create: vi.fn(async (v: FranchiseOwnerForm) => {
      if (rows.some((r) => r.email === v.email.trim())) throw new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken')
      return {
        franchise: { id: 'f', name: v.title, codeAlpha3: v.codeAlpha3, currencyCode: 'EUR' },
        owner: { id: 'o', email: v.email },
      }
    }),
    failCreateFranchise: false,
    createFranchise: vi.fn(async (v: FranchiseForm, userId?: string): Promise<CreatedFranchise> => {
      if (backend.failCreateFranchise) throw new ApiError(500, 'INTERNAL_ERROR', 'down')
      const created = {
        id: NEW_FRANCHISE,
        name: v.title.trim(),
        codeAlpha3: v.codeAlpha3,
        currencyCode: 'EUR',
        timezone: 'Europe/Paris',
        userId: userId ?? null,
        dateCreated: '2026-11-22T10:00:00.000Z',
      }
      const row = rows.find((r) => r.id === userId)
      if (row) row.franchises = [...row.franchises, { id: created.id, name: created.name }]
      return created
    }),
    createOwner: vi.fn(async (franchiseId: string, v: OwnerForm) => {
      if (rows.some((r) => r.email === v.email.trim())) throw new ApiError(409, 'OWNER_EMAIL_EXISTS', 'taken')
      backend.panel.owner = {
        id: 'n',
        email: v.email.trim(),
        displayName: v.displayName.trim(),
        isSubscribedRetailer: false,
      }
      return structuredClone({ ...backend.panel, franchise: { ...backend.panel.franchise, id: franchiseId } })
    }),
    panel: {
      franchise: {
        id: FRANCHISE,
        name: 'Maison Dupont',
        codeAlpha3: 'FRA',
        currencyCode: 'EUR',
        timezone: 'Europe/Paris',
        senderId: null,
        loyaltyType: 'PASSAGE',
        dateCreated: '2026-01-01T00:00:00.000Z',
      },
      owner: { id: 'o', email: 'merchant0@shop.test', displayName: 'Merchant 0', isSubscribedRetailer: true },
      clientCount: 1234,
      passages30Days: 56,
      features: [] as string[],
      loyaltyModel: { id: 'm', name: 'Carte Dupont', loyaltyType: 'PASSAGE' },
      stores: [
        { id: 's1', name: 'Paris', settings: { hasScannerEnabled: false, hasFullWebAppEnabled: false } },
      ],
    } as FranchisePanel,
    audit: {
      data: [
        {
          id: 'a1',
          action: 'PATCH /api/v2/loyalties/points',
          target: '/api/v2/loyalties/points',
          createdAt: '2026-11-21T10:00:00.000Z',
          actorEmail: 'merchant0@shop.test',
          adminEmail: 'admin@demo.test',
          statusCode: 200,
        },
      ],
      metadata: { page: 1, size: 10, total: 1 },
    } as AuditPage,
    applyChange: vi.fn(async (change: PanelChange) => {
      const p = backend.panel
      if (change.kind === 'feature')
        p.features = change.isEnabled
          ? [...p.features, change.feature]
          : p.features.filter((f) => f !== change.feature)
      if (change.kind === 'store') p.stores[0]!.settings[change.setting] = change.value
      if (change.kind === 'loyaltyType') p.loyaltyModel!.loyaltyType = change.loyaltyType
      return structuredClone(p)
    }),
    checkSender: vi.fn(async (value: string) =>
      value === 'TAKEN' ? { valid: false, code: 'SENDER_ID_NOT_ALLOWED' } : checkSenderId(value),
    ),
    saveSender: vi.fn(async (_id: string, senderId: string) => {
      backend.panel.franchise.senderId = senderId
      return {}
    }),
  }
  return backend
}
export type Backend = ReturnType<typeof createBackend>

/** The shell as an admin, with both admin machines talking to `backend`. */
export function renderAdmin(backend: Backend, path = '/pages/admin/dashboard') {
  const notices: string[] = []
  const actedAs: string[] = []
  // The page's toasts, recorded; navigation and the address on the memory router.
  const { effects, attach } = routerEffects(notices)
  const machines = [
    adminMerchantsListMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }) => ({
          requestId: input.requestId,
          page: await backend.list(input.query),
        })),
      },
    }),
    merchantActionsMachine.provide({
      actors: {
        setSubscription: fromPromise(({ input }) => backend.setSubscription(input.id, input.subscribed)),
        encodeToken: fromPromise(({ input }) => backend.encode(input.userId, input.impostorId)),
        createFranchiseOwner: fromPromise(({ input }) => backend.create(input.values)),
        createFranchise: fromPromise(({ input }) => backend.createFranchise(input.values, input.userId)),
      },
      // Acting as the merchant reloads the page (jsdom cannot): the token is recorded instead.
      actions: { actAs: (_, p: { token: string }) => actedAs.push(p.token) },
    }),
    franchisePanelMachine.provide({
      actors: {
        loadPanel: fromPromise(async () => structuredClone(backend.panel)),
        loadAudit: fromPromise(async () => backend.audit),
        applyChange: fromPromise(({ input }) => backend.applyChange(input.change)),
        checkSender: fromPromise(({ input }) => backend.checkSender(input.value)),
        saveSender: fromPromise(({ input }) => backend.saveSender(input.franchiseId, input.senderId)),
        createOwner: fromPromise(({ input }) => backend.createOwner(input.franchiseId, input.values)),
      },
    }),
  ]
  const app = renderShell({
    path,
    as: 'admin',
    wrap: (routes) => (
      <AppEffectsProvider value={effects}>
        <ProvidedMachines machines={machines}>{routes}</ProvidedMachines>
      </AppEffectsProvider>
    ),
  })
  attach(app)
  return { ...app, notices, actedAs }
}

export const table = () => screen.findByRole('table', { name: 'Administration' })
export async function rowsOf() {
  const t = await table()
  await waitFor(() => expect(t).not.toHaveAttribute('aria-busy'))
  return within(t).getAllByRole('row').slice(1)
}
