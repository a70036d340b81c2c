import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Button } from '../../src/ui/Button'
import { notify, TOAST_DURATION_MS, TOAST_PLACEMENT, Toaster, toaster } from '../../src/ui/Toast'
import { renderUi } from './render'

beforeEach(() => {
  // jsdom stamps animation frames from another clock than performance.now(), so zag's frame-based
  // timers (toast duration, remove delay) would never fire; give frames the same clock.
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) =>
    window.setTimeout(() => cb(performance.now()), 16),
  )
  vi.stubGlobal('cancelAnimationFrame', (id: number) => window.clearTimeout(id))
})

afterEach(() => {
  act(() => {
    toaster.remove()
  })
  vi.unstubAllGlobals()
})

describe('Toast', () => {
  it('uses the notification defaults of SPEC §8: bottom right, 3 s', () => {
    expect(TOAST_PLACEMENT).toBe('bottom-end')
    expect(TOAST_DURATION_MS).toBe(3000)
    expect(toaster.attrs.placement).toBe('bottom-end')
    expect(toaster.attrs.duration).toBe(3000)
  })

  it('shows translated success, error, info and warning toasts in the notifications region', async () => {
    const { user } = renderUi(
      <>
        <Button onClick={() => notify.success('loyalty.addSale.addSaleSuccess')}>success</Button>
        <Button onClick={() => notify.error('errors.generic')}>error</Button>
        <Button onClick={() => notify.info('dialogs.createSaleDialog.noTagsFound')}>info</Button>
        <Button onClick={() => notify.warning('dialogs.selectScanner.noTagsMessage')}>warning</Button>
        <Toaster />
      </>,
    )
    for (const name of ['success', 'error', 'info', 'warning']) {
      await user.click(screen.getByRole('button', { name }))
    }
    // The region loads lazily (it is not in the entry chunk): wait for it.
    const region = await screen.findByRole('region', { name: 'Notifications' })
    const toasts = await within(region).findAllByRole('status')
    expect(toasts).toHaveLength(4)
    expect(toasts.map((toast) => toast.getAttribute('data-type')).sort()).toEqual([
      'error',
      'info',
      'success',
      'warning',
    ])
    expect(within(region).getByText('The sale has been recorded.')).toBeInTheDocument()
    expect(within(region).getByText('An error occurred. Please try again.')).toBeInTheDocument()
    expect(within(region).getByText('No tags found for this store.')).toBeInTheDocument()
    expect(within(region).getByText('This store has no tags yet.')).toBeInTheDocument()
    expect(toasts[0]).toHaveAttribute('data-placement', 'bottom-end')
  })

  it('translates with values and in the active language', async () => {
    renderUi(<Toaster />, { locale: 'fr' })
    act(() => {
      notify.success('pages.clients.deleteClient.success', { description: 'app.tagline' })
    })
    const toast = await screen.findByRole('status')
    expect(toast).toHaveTextContent('Le client a été supprimé.')
    expect(toast).toHaveTextContent('Fidélité et marketing client pour vos magasins')
  })

  it('is dismissed by its close button', async () => {
    const { user } = renderUi(<Toaster />)
    act(() => {
      notify.warning('dialogs.selectScanner.noTagsMessage')
    })
    const toast = await screen.findByRole('status')
    await user.click(within(toast).getByRole('button', { name: 'Dismiss notification' }))
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument())
  })

  it('goes away by itself once its duration has passed', async () => {
    renderUi(<Toaster />)
    act(() => {
      notify.info('dialogs.createSaleDialog.noTagsFound', { duration: 100 })
    })
    expect(await screen.findByRole('status')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument(), { timeout: 2000 })
  })
})

// Issue 34: "each toast adds an empty sibling element": Ark's Toast.Root put two empty hover "ghosts"
// beside each toast's content. A toast is now its root and what it shows, nothing empty.
describe('Toast DOM', () => {
  it('adds one element per toast to the region, and nothing empty in or beside it', async () => {
    renderUi(<Toaster />)
    act(() => {
      notify.success('loyalty.addSale.addSaleSuccess')
      notify.error('errors.generic')
    })
    const region = await screen.findByRole('region', { name: 'Notifications' })
    await waitFor(() => expect(within(region).getAllByRole('status')).toHaveLength(2))
    const toasts = within(region).getAllByRole('status')
    expect([...region.children], region.outerHTML).toEqual(toasts)
    const empty = [...region.querySelectorAll('*')].filter(
      (e) => !e.textContent?.trim() && !e.closest('svg') && !e.querySelector('svg'),
    )
    expect(
      empty.map((e) => e.outerHTML.slice(0, 200)),
      region.outerHTML,
    ).toEqual([])
  })
})
