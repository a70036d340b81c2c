// The administration page in the signed-in app (real session, shell and admin merchants machine) on an
// in-memory back end.
import { screen, waitFor, within } from '@testing-library/react'
import mermaid from 'mermaid'
import type { ComponentType } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { adminMerchantsMachine } from '../../machines/admin-merchants/admin-merchants.machine'
import type { LocationSource } from '../../machines/client-list/client-list.actors'
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
import { type AdminLogic, AdminLogicContext } from '../../src/features/admin/logic'
import * as dashboardStories from '../../stories/admin/AdminDashboard.stories'
import * as panelStories from '../../stories/admin/FranchisePanel.stories'
import { machineToMermaid } from '../../stories/support/machine-mermaid'
import type { HarnessLocation } from '../support/session-harness'
import { renderUi } from './render'
import { renderShell, resetBrowser } from './shell-support'

const FRANCHISE = '55555555-5555-4555-8555-000000000000'
const NEW_FRANCHISE = '55555555-5555-4555-8555-00000000000f'

function createBackend(count = 3) {
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
let backend: ReturnType<typeof createBackend>

function renderAdmin(path = '/pages/admin/dashboard') {
  const notices: string[] = []
  const actedAs: string[] = []
  let router: HarnessLocation | null = null
  const listeners = new Set<() => void>()
  const location: LocationSource = {
    read: () => router?.location ?? { path: '', search: '' },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const logic: AdminLogic = {
    merchants: adminMerchantsMachine.provide({
      actors: {
        listMerchants: fromPromise(async ({ input }) => ({
          requestId: input.requestId,
          page: await backend.list(input.query),
        })),
        setSubscription: fromPromise(({ input }) => backend.setSubscription(input.id, input.subscribed)),
        encodeToken: fromPromise(({ input }) => backend.encode(input.userId, input.impostorId)),
        createFranchiseOwner: fromPromise(({ input }) => backend.create(input.values)),
        createFranchise: fromPromise(({ input }) => backend.createFranchise(input.values, input.userId)),
      },
    }),
    panel: franchisePanelMachine.provide({
      actors: {
        loadPanel: fromPromise(async () => structuredClone(backend.panel)),
        loadAudit: fromPromise(async () => backend.audit),
        applyChange: fromPromise(({ input }) => backend.applyChange(input.change)),
        checkSender: fromPromise(({ input }) => backend.checkSender(input.value)),
        saveSender: fromPromise(({ input }) => backend.saveSender(input.franchiseId, input.senderId)),
        createOwner: fromPromise(({ input }) => backend.createOwner(input.franchiseId, input.values)),
      },
    }),
    location,
    notify: (level, id) => notices.push(`${level}:${id}`),
    actAs: (token) => actedAs.push(token),
  }
  const app = renderShell({
    path,
    as: 'admin',
    wrap: (routes) => <AdminLogicContext.Provider value={logic}>{routes}</AdminLogicContext.Provider>,
  })
  router = app.location
  app.location.subscribe(() => {
    for (const listener of listeners) listener()
  })
  return { ...app, notices, actedAs }
}

const table = () => screen.findByRole('table', { name: 'Administration' })
async function rowsOf() {
  const t = await table()
  await waitFor(() => expect(t).not.toHaveAttribute('aria-busy'))
  return within(t).getAllByRole('row').slice(1)
}

describe('administration page', () => {
  beforeEach(() => {
    resetBrowser()
    backend = createBackend()
  })

  it('lists merchants with their franchise link, subscription and counts', async () => {
    renderAdmin()
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument()
    const rows = await rowsOf()
    expect(rows).toHaveLength(3)
    expect(screen.getByText('Merchants: 3')).toBeInTheDocument()
    const link = screen.getByRole('link', { name: 'Open the franchise panel of Maison Dupont' })
    expect(link).toHaveAttribute('href', '/pages/admin/franchise-panel/55555555-5555-4555-8555-000000000000')
    expect(within(rows[1]!).getByText('Inactive')).toBeInTheDocument()
    expect(within(rows[2]!).getByRole('cell', { name: '20' })).toBeInTheDocument()
  })

  it('searches and sorts through the address', async () => {
    const { user, location } = renderAdmin()
    await rowsOf()
    await user.type(screen.getByRole('searchbox', { name: 'Search merchants' }), 'Dupont{Enter}')
    await waitFor(() => expect(location.current).toBe('/pages/admin/dashboard?filter=Dupont'))
    expect(await rowsOf()).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Merchant' }))
    await waitFor(() => expect(location.current).toBe('/pages/admin/dashboard?filter=Dupont&sort=email'))
    expect(backend.list).toHaveBeenLastCalledWith({
      filter: 'Dupont',
      page: 1,
      size: 10,
      sort: 'email',
      sortOrder: 'desc',
    })
    await user.clear(screen.getByRole('searchbox', { name: 'Search merchants' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search merchants' }), 'nobody{Enter}')
    expect(await screen.findByRole('heading', { name: 'No merchant found' })).toBeInTheDocument()
  })

  it('shows the HTTP status of a failure, and retries', async () => {
    backend.fail = 503
    const { user } = renderAdmin()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The merchants could not be loaded (error 503).',
    )
    backend.fail = 0
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await rowsOf()).toHaveLength(3)
  })

  it('deactivates a subscription only after confirming, and cancelling changes nothing', async () => {
    const { user, notices } = renderAdmin()
    await rowsOf()
    await user.click(
      screen.getByRole('button', { name: 'Deactivate the subscription of merchant0@shop.test' }),
    )
    let dialog = await screen.findByRole('alertdialog', { name: 'Deactivate the subscription?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(backend.setSubscription).not.toHaveBeenCalled()
    await user.click(
      screen.getByRole('button', { name: 'Deactivate the subscription of merchant0@shop.test' }),
    )
    dialog = await screen.findByRole('alertdialog', { name: 'Deactivate the subscription?' })
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() => expect(backend.setSubscription).toHaveBeenCalledWith(backend.rows[0]!.id, false))
    expect(
      await screen.findByRole('button', { name: 'Activate the subscription of merchant0@shop.test' }),
    ).toBeInTheDocument()
    expect(notices).toEqual(['success:admin.subscription.deactivated'])
  })

  it('connects as a merchant with the admin’s impostor token', async () => {
    const { user, actedAs } = renderAdmin()
    await rowsOf()
    await user.click(screen.getByRole('button', { name: 'Connect as merchant2@shop.test' }))
    await waitFor(() => expect(actedAs).toHaveLength(1))
    expect(backend.encode.mock.calls[0]![0]).toBe(backend.rows[2]!.id)
    expect(backend.encode.mock.calls[0]![1]).toBeTruthy()
  })

  it('creates a franchise with its owner: validation, 409 on the e-mail, then a toast', async () => {
    const { user, notices } = renderAdmin()
    await rowsOf()
    await user.click(screen.getByRole('button', { name: 'Create a franchise' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a franchise' })
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByText('The franchise name is required.')).toBeInTheDocument()
    expect(within(dialog).getByText("The owner's e-mail is required.")).toBeInTheDocument()
    expect(backend.create).not.toHaveBeenCalled()
    await user.type(within(dialog).getByRole('textbox', { name: /Franchise name/ }), 'Café Lumière')
    await user.type(within(dialog).getByRole('textbox', { name: /Owner's e-mail/ }), 'merchant0@shop.test')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('An account with this e-mail already exists.')).toBeInTheDocument()
    const email = within(dialog).getByRole('textbox', { name: /Owner's e-mail/ })
    await user.clear(email)
    await user.type(email, 'lumiere@shop.test{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.create).toHaveBeenLastCalledWith({
      title: 'Café Lumière',
      codeAlpha3: 'FRA',
      email: 'lumiere@shop.test',
      displayName: '',
    })
    expect(notices).toEqual(['success:admin.create.success'])
  })
})

describe('administration page: franchises without an owner and for a merchant', () => {
  beforeEach(() => {
    resetBrowser()
    backend = createBackend()
  })

  it('creates a franchise whose owner comes later, then opens its panel', async () => {
    backend.panel.owner = null
    backend.panel.franchise.name = 'Café Sans Maître'
    const { user, location, notices } = renderAdmin()
    await rowsOf()
    await user.click(screen.getByRole('button', { name: 'Create a franchise' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a franchise' })
    expect(within(dialog).getByRole('radio', { name: 'Invite the owner now' })).toBeChecked()
    await user.click(within(dialog).getByRole('radio', { name: 'Create the owner later' }))
    expect(within(dialog).queryByRole('textbox', { name: /Owner's e-mail/ })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(within(dialog).getByText('The franchise name is required.')).toBeInTheDocument()
    await user.type(
      within(dialog).getByRole('textbox', { name: /Franchise name/ }),
      'Café Sans Maître{Enter}',
    )
    await waitFor(() => expect(location.current).toBe(`/pages/admin/franchise-panel/${NEW_FRANCHISE}`))
    expect(backend.createFranchise).toHaveBeenCalledWith(
      { title: 'Café Sans Maître', codeAlpha3: 'FRA', email: '', displayName: '' },
      undefined,
    )
    expect(backend.create).not.toHaveBeenCalled()
    expect(notices).toEqual(['success:admin.create.createdAlone'])
    const ownerArea = await screen.findByRole('region', { name: 'Owner' })
    expect(within(ownerArea).getByText('This franchise has no owner yet.')).toBeInTheDocument()
  })

  it('adds a franchise to a merchant from its row; a failure shows the generic error', async () => {
    backend.failCreateFranchise = true
    const { user, notices } = renderAdmin()
    await rowsOf()
    await user.click(screen.getByRole('button', { name: 'Add a franchise for merchant2@shop.test' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a franchise' })
    expect(within(dialog).getByText('A new franchise owned by merchant2@shop.test.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('textbox', { name: /e-mail/ })).not.toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Franchise name/ }), 'Franchise 2 bis{Enter}')
    expect(await within(dialog).findByText('An error occurred. Please try again.')).toBeInTheDocument()
    backend.failCreateFranchise = false
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.createFranchise).toHaveBeenLastCalledWith(
      { title: 'Franchise 2 bis', codeAlpha3: 'FRA', email: '', displayName: '' },
      backend.rows[2]!.id,
    )
    expect(notices).toEqual(['success:admin.addFranchise.success'])
    // The list reloads: the merchant's row links both franchises.
    expect(
      await screen.findByRole('link', { name: 'Open the franchise panel of Franchise 2 bis' }),
    ).toHaveAttribute('href', `/pages/admin/franchise-panel/${NEW_FRANCHISE}`)
    expect(screen.getByRole('link', { name: 'Open the franchise panel of Franchise 2' })).toBeInTheDocument()
  })
})

describe('franchise panel page', () => {
  beforeEach(() => {
    resetBrowser()
    backend = createBackend()
  })

  it('opens from the merchant list and shows details, counts, stores and the audit log', async () => {
    const { user, location } = renderAdmin()
    await rowsOf()
    await user.click(screen.getByRole('link', { name: 'Open the franchise panel of Maison Dupont' }))
    await waitFor(() => expect(location.current).toBe(`/pages/admin/franchise-panel/${FRANCHISE}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Maison Dupont' })).toBeInTheDocument()
    const details = screen.getByRole('region', { name: 'Details' })
    expect(within(details).getByText('1,234')).toBeInTheDocument()
    expect(within(details).getByText('56')).toBeInTheDocument()
    const audit = await screen.findByRole('table', { name: 'Audit log' })
    const row = within(audit).getAllByRole('row')[1]!
    expect(within(row).getByText('admin@demo.test')).toBeInTheDocument()
    expect(within(row).getByText('PATCH /api/v2/loyalties/points')).toBeInTheDocument()
  })

  it('toggles GAME, a store setting and the loyalty type', async () => {
    const { user, notices } = renderAdmin(`/pages/admin/franchise-panel/${FRANCHISE}`)
    const game = await screen.findByRole('switch', { name: 'Games (gift wheel)' })
    expect(game).not.toBeChecked()
    await user.click(game)
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Games (gift wheel)' })).toBeChecked())
    expect(backend.applyChange).toHaveBeenLastCalledWith({
      kind: 'feature',
      feature: 'GAME',
      isEnabled: true,
    })
    await user.click(screen.getByRole('switch', { name: 'Tag scanner for Paris' }))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Tag scanner for Paris' })).toBeChecked())
    await user.selectOptions(screen.getByRole('combobox', { name: /Loyalty type/ }), 'MANUAL_AMOUNT')
    await waitFor(() =>
      expect(backend.applyChange).toHaveBeenLastCalledWith({
        kind: 'loyaltyType',
        loyaltyType: 'MANUAL_AMOUNT',
      }),
    )
    expect(notices).toEqual([
      'success:admin.panel.saved',
      'success:admin.panel.saved',
      'success:admin.panel.saved',
    ])
  })

  it('creates the owner of a franchise that has none, and shows it', async () => {
    backend.panel.owner = null
    const { user, notices } = renderAdmin(`/pages/admin/franchise-panel/${FRANCHISE}`)
    const ownerArea = await screen.findByRole('region', { name: 'Owner' })
    expect(within(ownerArea).getByText('This franchise has no owner yet.')).toBeInTheDocument()
    await user.click(within(ownerArea).getByRole('button', { name: 'Create the owner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create the owner' })
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }))
    expect(within(dialog).getByText("The owner's e-mail is required.")).toBeInTheDocument()
    const email = within(dialog).getByRole('textbox', { name: /Owner's e-mail/ })
    await user.type(email, 'merchant1@shop.test{Enter}')
    expect(await within(dialog).findByText('An account with this e-mail already exists.')).toBeInTheDocument()
    await user.clear(email)
    await user.type(email, 'zoe@shop.test')
    await user.type(within(dialog).getByRole('textbox', { name: /Owner's name/ }), 'Zoé')
    await user.click(within(dialog).getByRole('button', { name: 'Create and invite' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.createOwner).toHaveBeenLastCalledWith(FRANCHISE, {
      email: 'zoe@shop.test',
      displayName: 'Zoé',
    })
    const owned = screen.getByRole('region', { name: 'Owner' })
    expect(within(owned).getByText('zoe@shop.test')).toBeInTheDocument()
    expect(within(owned).queryByRole('button', { name: 'Create the owner' })).not.toBeInTheDocument()
    expect(notices).toEqual(['success:admin.owner.created'])
  })

  it('checks the sender name by the rules, then on the server, then saves it', async () => {
    const { user } = renderAdmin(`/pages/admin/franchise-panel/${FRANCHISE}`)
    await user.click(await screen.findByRole('button', { name: 'Edit sender name' }))
    const dialog = await screen.findByRole('dialog')
    const field = within(dialog).getByRole('textbox')
    await user.type(field, 'a b')
    expect(within(dialog).getByText('The sender name cannot contain spaces.')).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, 'TAKEN{Enter}')
    await waitFor(() => expect(backend.checkSender).toHaveBeenCalledWith('TAKEN'))
    expect(backend.saveSender).not.toHaveBeenCalled()
    await user.clear(field)
    await user.type(field, 'DUPONT{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(backend.saveSender).toHaveBeenCalledWith(FRANCHISE, 'DUPONT')
    expect(screen.getByText('DUPONT')).toBeInTheDocument()
  })
})

describe('administration stories and diagrams', () => {
  type Stories = Record<string, { args?: Record<string, unknown> } | { default: unknown }>
  const cases = [dashboardStories, panelStories].flatMap((mod) => {
    const meta = (
      mod as unknown as { default: { component: ComponentType<never>; args: Record<string, unknown> } }
    ).default
    return Object.entries(mod as unknown as Stories)
      .filter(([name]) => name !== 'default')
      .map(([name, story]) => [name, meta, (story as { args?: Record<string, unknown> }).args ?? {}] as const)
  })

  it.each(cases)('%s renders with a heading', (_name, meta, args) => {
    const Page = meta.component as ComponentType<Record<string, unknown>>
    renderUi(<Page {...meta.args} {...args} />)
    expect(screen.getAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0)
  })

  it('draws both machines for Mermaid', async () => {
    for (const machine of [adminMerchantsMachine, franchisePanelMachine])
      await expect(mermaid.parse(machineToMermaid(machine))).resolves.toMatchObject({
        diagramType: 'stateDiagram',
      })
  })
})
