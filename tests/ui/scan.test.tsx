import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fromCallback, fromPromise } from 'xstate'
import {
  type ConfirmCodeInput,
  phoneCodeMachine,
  type SendCodeInput,
} from '../../machines/phone-code/phone-code.machine'
import { scanMachine } from '../../machines/scan/scan.machine'
import { ApiError } from '../../src/api/client'
import type { CollectResult, ScanInfo } from '../../src/domain/scan'
import { SCAN_PHONE_STORAGE_KEY } from '../../src/domain/scan'
import { ScanContainer } from '../../src/features/scan/ScanContainer'
import { ScanPage, type ScanPageProps } from '../../src/features/scan/ScanPage'
import { ProvidedMachines } from '../../src/ui/machines/provided'
import * as stories from '../../stories/scan/ScanPage.stories'
import {
  COLLECTED,
  COLLECTED_STRANGER,
  MANUAL_INFO,
  PASSAGE_INFO,
  POS_INFO,
  SCAN_CODE,
  SCAN_UID,
} from '../support/scan-fixtures'
import { renderUi } from './render'

/** A fake back end whose calls are spied on; the countdown ticks when the test says so. */
function backend(info: ScanInfo | Error = PASSAGE_INFO) {
  const ticks: (() => void)[] = []
  const state = {
    info,
    collect: COLLECTED as CollectResult | Error,
    opinionFails: false,
    stored: null as string | null,
  }
  const api = {
    state,
    tick: () => {
      for (const t of ticks) t()
    },
    loadTag: vi.fn(async (_: { uid: string }) => {
      if (state.info instanceof Error) throw state.info
      return state.info
    }),
    collect: vi.fn(
      async (_: { uid: string; phone: string; receiptId: string | null; code: string | null }) => {
        if (state.collect instanceof Error) throw state.collect
        return state.collect
      },
    ),
    sendOpinion: vi.fn(async (input: object) => {
      if (state.opinionFails) throw new ApiError(500, 'INTERNAL', 'down')
      return input
    }),
    sendCode: vi.fn(async (_: SendCodeInput) => ({ expiresAt: 'x', resendInSeconds: 60 })),
    confirmCode: vi.fn(async (input: ConfirmCodeInput) => {
      if (input.code !== '424242') throw new ApiError(400, 'PHONE_CODE_INVALID', 'x', { attemptsLeft: 4 })
      return { proof: 'cookie', expiresAt: 'x' }
    }),
    loadCard: vi.fn(async (_: { uid: string }) => {
      const { transactionId: _t, clientId: _c, points: _p, isOwner: _o, ...card } = COLLECTED
      return card as never
    }),
    remember: vi.fn((phone: string | null) => {
      state.stored = phone
    }),
  }
  const logic = [
    scanMachine.provide({
      actors: {
        loadTag: fromPromise(({ input }) => api.loadTag(input)),
        collect: fromPromise(({ input }) => api.collect(input)),
        sendOpinion: fromPromise(({ input }) => api.sendOpinion(input) as never),
        loadCard: fromPromise(({ input }) => api.loadCard(input)),
        countdown: fromCallback(({ sendBack }) => {
          const tick = () => sendBack({ type: 'scan.tick' })
          ticks.push(tick)
          return () => ticks.splice(ticks.indexOf(tick), 1)
        }),
        qrCamera: fromCallback(({ sendBack }) => {
          sendBack({ type: 'camera.denied' })
          return () => {}
        }),
        phoneCode: phoneCodeMachine.provide({
          actors: {
            sendCode: fromPromise(async ({ input }) => api.sendCode(input)),
            confirmCode: fromPromise(async ({ input }) => api.confirmCode(input)),
          },
        }),
      },
      actions: { rememberPhone: (_, p: { phone: string | null }) => api.remember(p.phone) },
    }),
  ]
  return { api, logic }
}

/** The page as the store's QR code opens it: the address carries the store's code. */
function renderScan(b = backend(), locale: 'en' | 'fr' = 'en', path = `/scan/${SCAN_UID}?c=${SCAN_CODE}`) {
  return {
    ...renderUi(
      <ProvidedMachines machines={b.logic}>
        <ScanContainer uid={SCAN_UID} />
      </ProvidedMachines>,
      { locale, path },
    ),
    api: b.api,
  }
}

describe('customer scan page', () => {
  it('collects a passage: phone, confirmation countdown, points and balance, offers, coupons, opinion', async () => {
    const { user, api } = renderScan()
    expect(await screen.findByRole('heading', { level: 1, name: 'Collect your points' })).toBeInTheDocument()
    expect(screen.getByText('Maison Dupont — Paris Marais')).toBeInTheDocument()
    expect(screen.getByText('10 points per visit')).toBeInTheDocument()
    const offers = screen.getByRole('region', { name: 'Offers of the card' })
    expect(within(offers).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByRole('main')).toHaveStyle({ '--scan-primary': '#7c2d12' })

    const phone = screen.getByRole('textbox', { name: /Your phone number/ })
    await user.type(phone, '0612')
    await user.click(screen.getByRole('button', { name: 'Collect my points' }))
    expect(screen.getByText('Invalid phone number.')).toBeInTheDocument()
    expect(api.collect).not.toHaveBeenCalled()
    await user.clear(phone)
    await user.type(phone, '06 12 34 56 78{Enter}')

    const confirm = await screen.findByRole('region', { name: 'Confirm your number' })
    expect(within(confirm).getByText('06 12 34 56 78')).toBeInTheDocument()
    expect(within(confirm).getByRole('timer')).toHaveTextContent('10 seconds left')
    api.tick()
    expect(await within(confirm).findByRole('timer')).toHaveTextContent('9 seconds left')
    await user.click(within(confirm).getByRole('button', { name: 'Validate' }))

    expect(await screen.findByRole('heading', { name: 'Thank you, Camille!' })).toBeInTheDocument()
    expect(api.collect).toHaveBeenCalledWith({
      uid: SCAN_UID,
      phone: '06 12 34 56 78',
      receiptId: null,
      code: SCAN_CODE,
    })
    expect(screen.getByText('+10 points')).toBeInTheDocument()
    expect(screen.getByText('Your balance: 60 points')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Offers you can redeem now' })).getByText('Café offert'),
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Your next offers' })).getByText('90 points to go'),
    ).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Your coupons' })).getByText('10 % sur votre anniversaire'),
    ).toBeInTheDocument()
    expect(api.remember).toHaveBeenCalledWith('06 12 34 56 78')

    const opinion = screen.getByRole('form', { name: 'How was your visit?' })
    const send = within(opinion).getByRole('button', { name: 'Send my opinion' })
    expect(send).toBeDisabled()
    await user.click(within(opinion).getByRole('radio', { name: '5 stars' }))
    await user.type(within(opinion).getByRole('textbox', { name: 'Comment (optional)' }), 'Parfait')
    api.state.opinionFails = true
    await user.click(send)
    expect(await within(opinion).findByRole('alert')).toHaveTextContent('Your opinion could not be sent.')
    api.state.opinionFails = false
    await user.click(send)
    expect(await screen.findByText('Thank you for your opinion!')).toBeInTheDocument()
    expect(api.sendOpinion).toHaveBeenLastCalledWith({
      storeId: PASSAGE_INFO.store.id,
      rating: 5,
      comment: 'Parfait',
      clientId: COLLECTED.clientId,
    })
  })

  it('issue 24 #4: a device that has not proven the phone sees the points only, until the SMS code', async () => {
    const b = backend()
    b.api.state.collect = COLLECTED_STRANGER
    const { user, api } = renderScan(b)
    await user.type(
      await screen.findByRole('textbox', { name: /Your phone number/ }),
      '06 12 34 56 78{Enter}',
    )
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument()
    expect(screen.getByText('+10 points')).toBeInTheDocument()
    expect(screen.queryByText(/Your balance/)).not.toBeInTheDocument()
    expect(screen.queryByText('Camille', { exact: false })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your coupons' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'See my card' }))
    // The number typed for the collect is offered; the code goes to it.
    expect(screen.getByLabelText(/Mobile phone number/)).toHaveValue('06 12 34 56 78')
    await user.click(screen.getByRole('button', { name: 'Send me a code' }))
    // Through this tag's routes, the SMS in the page's language.
    const via = { kind: 'scan', id: SCAN_UID, language: 'en' }
    expect(api.sendCode).toHaveBeenCalledWith({ phone: '+33612345678', via })
    await user.type(await screen.findByLabelText(/Code received by SMS/), '111111')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText(/4 tries left/)).toBeInTheDocument()
    expect(api.loadCard).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText(/Code received by SMS/), '424242')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Your balance: 60 points')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Thank you, Camille!' })).toBeInTheDocument()
    expect(api.confirmCode.mock.calls).toEqual([
      [{ phone: '+33612345678', code: '111111', via }],
      [{ phone: '+33612345678', code: '424242', via }],
    ])
    expect(
      within(screen.getByRole('region', { name: 'Your coupons' })).getByText('10 % sur votre anniversaire'),
    ).toBeInTheDocument()
    expect(api.loadCard).toHaveBeenCalledWith({ uid: SCAN_UID })
  })

  it('issue 19: shows the store’s happy hour with its slot, and the customers-only news once collected', async () => {
    const { user, api } = renderScan()
    const before = await screen.findByRole('region', { name: 'At the moment' })
    expect(within(before).getAllByRole('listitem')).toHaveLength(1)
    expect(within(before).getByText('Apéro au fournil')).toBeInTheDocument()
    expect(within(before).getByText('Every day 18:00–20:00 · Vin et bière')).toBeInTheDocument()
    expect(within(before).getByText('€6.50')).toBeInTheDocument()
    expect(within(before).queryByText('Vente privée')).toBeNull()
    await user.type(screen.getByRole('textbox', { name: /Your phone number/ }), '06 12 34 56 78{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    await screen.findByRole('heading', { name: 'Thank you, Camille!' })
    expect(api.collect).toHaveBeenCalled()
    const after = screen.getByRole('region', { name: 'At the moment' })
    expect(within(after).getAllByRole('listitem')).toHaveLength(2)
    expect(within(after).getByText('Vente privée')).toBeInTheDocument()
    expect(within(after).getByText('For our customers')).toBeInTheDocument()
  })

  it('goes back to the phone when the countdown runs out, and on cancel', async () => {
    const { user, api } = renderScan()
    await user.type(await screen.findByRole('textbox', { name: /Your phone number/ }), '0612345678{Enter}')
    await screen.findByRole('timer')
    for (let i = 0; i < 10; i++) api.tick()
    expect(await screen.findByText('Time is up: confirm your number again.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Collect my points' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('textbox', { name: /Your phone number/ })).toHaveValue('0612345678')
    expect(api.collect).not.toHaveBeenCalled()
  })

  it('says why a collect was refused, and lets the customer retry', async () => {
    const b = backend(MANUAL_INFO)
    b.api.state.collect = new ApiError(409, 'NOTHING_TO_COLLECT', 'nothing')
    const { user } = renderScan(b)
    expect(await screen.findByText('12 points waiting for you ($12.50)')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: /Your phone number/ }), '(718) 555-0142{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('There are no points to collect on this tag.')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(screen.getByRole('textbox', { name: /Your phone number/ })).toHaveValue('(718) 555-0142')
  })

  it('asks for the receipt on point-of-sale cards and says when there is none', async () => {
    const b = backend(POS_INFO)
    b.api.state.collect = new ApiError(404, 'RECEIPT_NOT_FOUND', 'none')
    const { user, api } = renderScan(b)
    await user.type(await screen.findByRole('textbox', { name: /Your phone number/ }), '0612345678{Enter}')
    expect(screen.getByText('Enter the receipt number.')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: /Receipt number/ }), 'R-1001{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('No receipt available.')
    expect(api.collect).toHaveBeenCalledWith({
      uid: SCAN_UID,
      phone: '0612345678',
      receiptId: 'R-1001',
      code: SCAN_CODE,
    })
  })

  it('issue 16 #5: opened without the store’s code, asks to scan the QR code shown in the store', async () => {
    const { user, api } = renderScan(backend(), 'en', `/scan/${SCAN_UID}`)
    expect(await screen.findByRole('heading', { name: 'Scan the code in the store' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(/scan the QR code shown on the store’s screen/)
    expect(screen.queryByRole('textbox', { name: /Your phone number/ })).not.toBeInTheDocument()
    // The camera is the way on: it reads the store's screen.
    await user.click(screen.getByRole('button', { name: 'Scan a QR code' }))
    await user.click(await screen.findByRole('button', { name: 'Close the camera' }))
    expect(await screen.findByRole('heading', { name: 'Scan the code in the store' })).toBeInTheDocument()
    expect(api.collect).not.toHaveBeenCalled()
  })

  it('says when the store’s code expired, and asks to scan it again', async () => {
    const b = backend()
    b.api.state.collect = new ApiError(403, 'PRESENCE_CODE_INVALID', 'expired')
    const { user } = renderScan(b)
    await user.type(await screen.findByRole('textbox', { name: /Your phone number/ }), '0612345678{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Validate' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired or is not the store’s: scan the QR code shown in the store again.',
    )
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Scan the code in the store' })).toBeInTheDocument()
  })

  it('fills in the remembered phone, and forgets it on “not you?”', async () => {
    const b = backend()
    // The phone the device remembers (the page reads it from local storage).
    localStorage.setItem(SCAN_PHONE_STORAGE_KEY, '+33612345678')
    const { user, api } = renderScan(b)
    localStorage.removeItem(SCAN_PHONE_STORAGE_KEY)
    const phone = await screen.findByRole('textbox', { name: /Your phone number/ })
    expect(phone).toHaveValue('+33612345678')
    await user.click(screen.getByRole('button', { name: 'Not you?' }))
    expect(phone).toHaveValue('')
    expect(api.remember).toHaveBeenCalledWith(null)
    expect(screen.queryByRole('button', { name: 'Not you?' })).not.toBeInTheDocument()
  })

  it('says when the tag does not exist, and when the camera is refused', async () => {
    const { user } = renderScan(backend(new ApiError(404, 'TAG_NOT_FOUND', 'no')))
    expect(await screen.findByRole('heading', { name: 'This tag does not exist' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Scan a QR code' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera permission not granted.')
    await user.click(screen.getByRole('button', { name: 'Close the camera' }))
    expect(screen.getByRole('heading', { name: 'This tag does not exist' })).toBeInTheDocument()
  })

  it('offers a retry when the page cannot load, in French for a French browser', async () => {
    const b = backend(new ApiError(0, 'NETWORK_ERROR', 'offline'))
    const { user, api } = renderScan(b, 'fr')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des données.')
    b.api.state.info = PASSAGE_INFO
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('10 points par visite')).toBeInTheDocument()
    expect(api.loadTag).toHaveBeenCalledTimes(2)
  })

  it('renders every story of the page with its heading and no missing message', () => {
    const { default: meta, ...named } = stories
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const [name, story] of Object.entries(named)) {
      const args = { ...meta.args, ...(story as { args?: Partial<ScanPageProps> }).args } as ScanPageProps
      const { unmount } = renderUi(<ScanPage {...args} />)
      expect(screen.getByRole('heading', { level: 1, name: 'Collect your points' }), name).toBeInTheDocument()
      unmount()
    }
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})
