import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { ticker } from '../../machines/create-sale/create-sale.actors'
import { createSaleMachine } from '../../machines/create-sale/create-sale.machine'
import { scannerSelectMachine } from '../../machines/scanner-select/scanner-select.machine'
import { storeTagsMachine } from '../../machines/store-tags/store-tags.machine'
import { ticker as scannerTicker } from '../../machines/tag-scanner/tag-scanner.actors'
import { tagScannerMachine } from '../../machines/tag-scanner/tag-scanner.machine'
import { ApiError } from '../../src/api/client'
import { amountToCents, type ManualPointsInfo, type Tag, type TagDetail } from '../../src/domain/sale'
import { StoreTags } from '../../src/features/sale/StoreTagsSection'
import { TagScannerContainer } from '../../src/features/sale/TagScannerContainer'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import { account } from '../support/fixtures'
import { renderUi } from './render'
import { manualAmountOwner, renderShell } from './shell-support'

const owner = account('owner')
const STORE = owner.stores[0]!
const FRANCHISE = STORE.franchiseId
const tag = (n: number, info: ManualPointsInfo | null = null): Tag => ({
  id: `44444444-4444-4444-8444-00000000000${n}`,
  tagId: `uid${n}abcdefg`,
  name: n === 1 ? 'Counter' : `Terrace ${n}`,
  storeId: STORE.id,
  passages: 4,
  resetDelay: 180,
  manualPointsInfo: info,
})

/** An in-memory tags back end with the app's real clock (ticker), recording what the UI asked. */
function backend(initial: Tag[], options: { failList?: number; failInject?: boolean } = {}) {
  let tags = initial.map((t) => ({ ...t }))
  let failures = options.failList ?? 0
  const page = () => ({ data: tags, metadata: { page: 1, size: tags.length, total: tags.length } })
  const api = {
    list: vi.fn(async () => {
      if (failures-- > 0) throw new ApiError(500, 'HTTP_500', 'down')
      return page()
    }),
    inject: vi.fn(async ({ tagId, amount }: { tagId: string; amount: string }) => {
      if (options.failInject) throw new ApiError(409, 'LOYALTY_TYPE_NOT_MANUAL_AMOUNT', 'no')
      const cents = amountToCents(amount)!
      const info: ManualPointsInfo = {
        points: Math.floor(cents / 100),
        amountCents: cents,
        currencyCode: 'USD',
        injectionDate: new Date().toISOString(),
        resetDelay: 180,
      }
      tags = tags.map((t) => (t.id === tagId ? { ...t, manualPointsInfo: info } : t))
      return { manualPointsInfo: info }
    }),
    reset: vi.fn(async ({ tagId }: { tagId: string }) => {
      tags = tags.map((t) => (t.id === tagId ? { ...t, manualPointsInfo: null } : t))
      return { manualPointsInfo: null }
    }),
    save: vi.fn(async ({ tagId, body }: { tagId: string; body: { name: string; resetDelay: number } }) => {
      tags = tags.map((t) => (t.id === tagId ? { ...t, ...body } : t))
      return tags.find((t) => t.id === tagId)!
    }),
    create: vi.fn(async ({ body }: { body: { name: string } }) => {
      const t = { ...tag(tags.length + 1), name: body.name }
      tags = [...tags, t]
      return t
    }),
    detail: (): TagDetail => ({ ...tags[0]!, storeName: STORE.name }),
    opened: [] as unknown[],
    copied: [] as string[],
  }
  const logic = [
    createSaleMachine.provide({
      actors: {
        loadTags: fromPromise(api.list),
        injectPoints: fromPromise(({ input }) => api.inject(input)),
        resetPoints: fromPromise(({ input }) => api.reset(input)),
        ticker,
      },
      actions: {
        saveSelection: (_, p: { tagId: string | null }) =>
          localStorage.setItem('lb.selectedTag', p.tagId ?? ''),
      },
    }),
    scannerSelectMachine.provide({
      actors: { loadTags: fromPromise(api.list) },
      actions: { openScanner: (_, p) => api.opened.push(p) },
    }),
    tagScannerMachine.provide({
      actors: {
        loadTag: fromPromise(async () => api.detail()),
        loadCode: fromPromise(async () => ({
          code: 'Qz3_x-Lm8RtA',
          expiresAt: new Date(Date.now() + 20_000).toISOString(),
          refreshInMs: 20_000,
        })),
        ticker: scannerTicker,
      },
    }),
    storeTagsMachine.provide({
      actors: {
        loadStoreTags: fromPromise(api.list),
        saveTag: fromPromise(({ input }) => api.save(input as never)),
        createTag: fromPromise(({ input }) => api.create(input)),
        copyText: fromPromise(async ({ input }) => {
          api.copied.push(input.text)
        }),
      },
    }),
  ]
  return { api, logic }
}

const shell = (logic: ReturnType<typeof backend>['logic'], as = manualAmountOwner()) =>
  renderShell({
    as,
    wrap: (routes) => <ProvidedMachines machines={logic}>{routes}</ProvidedMachines>,
  })

describe('create-sale dialog', () => {
  it('auto-selects the only tag, injects with Enter, shows amount, points and countdown; Reset clears', async () => {
    const { api, logic } = backend([tag(1)])
    const { user } = shell(logic)
    await user.click(await screen.findByRole('button', { name: 'Create a sale' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a sale' })
    expect(await within(dialog).findByRole('radio', { name: 'Counter' })).toBeChecked()
    expect(api.list).toHaveBeenCalledTimes(1)
    const amount = within(dialog).getByRole('textbox', { name: 'Sale amount' })
    expect(amount).toHaveAttribute('placeholder', '0.00')
    const validate = within(dialog).getByRole('button', { name: 'Validate' })
    expect(validate).toBeDisabled()
    await user.type(amount, '0')
    expect(validate).toBeDisabled()
    await user.clear(amount)
    // A third decimal and letters are not taken.
    await user.type(amount, '12,505x')
    expect(amount).toHaveValue('12,50')
    expect(validate).toBeEnabled()
    await user.type(amount, '{Enter}')
    const waiting = await within(dialog).findByRole('region', { name: 'Waiting on the tag' })
    expect(api.inject).toHaveBeenCalledWith({ tagId: tag(1).id, amount: '12,50' })
    expect(within(waiting).getByText('$12.50')).toBeInTheDocument()
    expect(within(waiting).getByText('12 points')).toBeInTheDocument()
    expect(within(waiting).getByRole('timer')).toHaveTextContent(/Expires in (3:00|2:59)/)
    await waitFor(() => expect(within(waiting).getByRole('timer')).toHaveTextContent(/2:5[0-8]/), {
      timeout: 3000,
    })
    expect(amount).toHaveValue('')
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }))
    await waitFor(() => expect(within(dialog).queryByRole('region')).not.toBeInTheDocument())
    expect(api.reset).toHaveBeenCalledWith({ tagId: tag(1).id })
  })

  it('with several tags, none is selected until one is chosen, and the choice is kept', async () => {
    const { api, logic } = backend([tag(1), tag(2)])
    const { user } = shell(logic)
    await user.click(await screen.findByRole('button', { name: 'Create a sale' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a sale' })
    await within(dialog).findByText('Choose the tag the customer will scan.')
    await user.type(within(dialog).getByRole('textbox', { name: 'Sale amount' }), '5')
    expect(within(dialog).getByRole('button', { name: 'Validate' })).toBeDisabled()
    await user.click(within(dialog).getByRole('radio', { name: 'Terrace 2' }))
    expect(localStorage.getItem('lb.selectedTag')).toBe(tag(2).id)
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }))
    await within(dialog).findByRole('region', { name: 'Waiting on the tag' })
    expect(api.inject).toHaveBeenCalledWith({ tagId: tag(2).id, amount: '5' })
  })

  it('says when the tags fail to load (retry), when there are none, and when injecting fails', async () => {
    const failing = backend([tag(1)], { failList: 1, failInject: true })
    const { user } = shell(failing.logic)
    await user.click(await screen.findByRole('button', { name: 'Create a sale' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a sale' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The tags of this store could not be loaded.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }))
    await user.type(await within(dialog).findByRole('textbox', { name: 'Sale amount' }), '3{Enter}')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The points could not be put on the tag.',
    )
  })

  it('shows "no tags found" for a store without tags', async () => {
    const { logic } = backend([])
    const { user } = shell(logic)
    await user.click(await screen.findByRole('button', { name: 'Create a sale' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create a sale' })
    expect(await within(dialog).findByText('No tags found for this store.')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument()
  })
})

describe('scanner dialog', () => {
  it('lists the store’s tags and opens the chosen one’s scanner', async () => {
    const { api, logic } = backend([tag(1), tag(2)])
    const { user } = shell(logic, owner)
    await user.click(await screen.findByRole('button', { name: 'Scanner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scanner' })
    await user.click(await within(dialog).findByRole('button', { name: 'Open the scanner of Terrace 2' }))
    expect(api.opened).toEqual([{ storeId: STORE.id, tagId: tag(2).id }])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('warns when the store has no tags', async () => {
    const { logic } = backend([])
    const { user } = shell(logic, owner)
    await user.click(await screen.findByRole('button', { name: 'Scanner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scanner' })
    expect(await within(dialog).findByText('No tags found for this store.')).toBeInTheDocument()
    expect(within(dialog).getByText('This store has no tags yet.')).toBeInTheDocument()
  })
})

describe('tag scanner screen', () => {
  it('shows the store, the QR code of the scan page and the points waiting with their countdown', async () => {
    const info: ManualPointsInfo = {
      points: 7,
      amountCents: 725,
      currencyCode: 'USD',
      injectionDate: new Date().toISOString(),
      resetDelay: 180,
    }
    const { logic } = backend([tag(1, info)])
    renderUi(
      <ProvidedMachines machines={logic}>
        <TagScannerContainer storeId={STORE.id} tagId={tag(1).id} />
      </ProvidedMachines>,
    )
    const qr = await screen.findByRole('img', { name: 'QR code of the tag Counter' })
    // The store's current presence code rides along (issue 16 #5).
    expect(qr).toHaveAttribute(
      'data-qr-text',
      `${window.location.origin}/scan/${tag(1).tagId}?c=Qz3_x-Lm8RtA`,
    )
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    expect(screen.getByText(STORE.name)).toBeInTheDocument()
    expect(screen.getByText('7 points to collect')).toBeInTheDocument()
    expect(screen.getByText('For a purchase of $7.25')).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveTextContent(/Still (3:00|2:59) to scan/)
  })
})

describe('store tags section', () => {
  it('lists the tags, renames one, changes its delay, adds a tag and copies a scan link', async () => {
    const { api, logic } = backend([tag(1)])
    const { user } = renderUi(
      <ProvidedMachines machines={logic}>
        <StoreTags storeId={STORE.id} franchiseId={FRANCHISE} />
      </ProvidedMachines>,
    )
    const section = await screen.findByRole('region', { name: 'NFC tags' })
    const row = (await within(section).findByRole('cell', { name: 'Counter' })).closest('tr')!
    expect(within(row).getByText('uid1abcdefg')).toBeInTheDocument()
    expect(within(row).getByText('180 seconds')).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'Open the scanner of Counter' })).toHaveAttribute(
      'href',
      `/stores/${STORE.id}/tags/${tag(1).id}/scanner`,
    )
    await user.click(within(row).getByRole('button', { name: 'Copy link to the scan page of Counter' }))
    await waitFor(() => expect(api.copied).toEqual([`${window.location.origin}/scan/${tag(1).tagId}`]))

    await user.click(within(row).getByRole('button', { name: 'Edit Counter' }))
    const form = within(section).getByRole('form', { name: 'Edit Counter' })
    const delay = within(form).getByRole('textbox', { name: 'Reset delay (seconds)' })
    await user.clear(delay)
    await user.type(delay, '5')
    expect(within(form).getByText('Between 10 and 86400 seconds.')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.type(delay, '0')
    const name = within(form).getByRole('textbox', { name: 'Tag name' })
    await user.clear(name)
    await user.type(name, 'Front desk')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(section).findByRole('cell', { name: 'Front desk' })).toBeInTheDocument()
    expect(api.save).toHaveBeenCalledWith({ tagId: tag(1).id, body: { name: 'Front desk', resetDelay: 50 } })
    expect(within(section).getByText('50 seconds')).toBeInTheDocument()

    const add = within(section).getByRole('button', { name: 'Add a tag' })
    expect(add).toBeDisabled()
    await user.type(within(section).getByRole('textbox', { name: 'New tag name' }), 'Terrace{Enter}')
    expect(await within(section).findByRole('cell', { name: 'Terrace' })).toBeInTheDocument()
    expect(api.create).toHaveBeenCalledWith({ storeId: STORE.id, body: { name: 'Terrace' } })
  })
})
