// The gift wheel screens (issue 22) driven like a person: the wizard's three steps with the §5
// messages and the live preview, its save; the public play page's steps, result and refusals (en/fr).

import { screen } from '@testing-library/react'
import { useActorRef, useSelector } from '@xstate/react'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { gamePlayMachine, toGamePlayView } from '../../machines/game-play'
import { gameWizardMachine, toGameWizardView } from '../../machines/game-wizard'
import { ApiError } from '../../src/api/client'
import type { PublicGame, SpinResult } from '../../src/domain/game-wheel'
import type { GameInput } from '../../src/domain/games'
import { GamePlayPage } from '../../src/features/game-play/GamePlayPage'
import { GameDetailPage } from '../../src/features/games/GameDetailPage'
import { GameWizardPage } from '../../src/features/games/GameWizardPage'
import * as detail from '../../stories/games/GameDetail.stories'
import { GAME } from '../support/game-fixtures'
import { renderUi } from './render'

const STORES = [{ id: 's1', name: 'Lyon' }]

function Wizard({
  save,
  load,
  gameId,
}: {
  save: (game: GameInput, gameId: string | null) => Promise<unknown>
  load?: () => Promise<GameInput>
  gameId?: string
}) {
  const ref = useActorRef(
    gameWizardMachine.provide({
      actors: {
        saveGame: fromPromise(({ input }) => save(input.game, input.gameId) as never),
        loadGame: fromPromise(() => (load ? load() : Promise.reject(new Error('no game')))),
      },
    }),
    { input: { userId: 'u1', today: '2026-12-01', gameId: gameId ?? null } },
  )
  const view = useSelector(ref, (s) => toGameWizardView(s, 'Lost'))
  return <GameWizardPage view={view} send={ref.send} stores={STORES} currency="EUR" />
}

describe('game wizard page', () => {
  it('walks the three steps with the §5 messages, previews the wheel and saves', async () => {
    const save = vi.fn(async () => ({}))
    const { user } = renderUi(<Wizard save={save} />)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByText('Game name is required')).toBeInTheDocument()
    expect(screen.getByText('Store information is required')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: /Game name/ }), 'Roue')
    await user.click(screen.getByRole('checkbox', { name: 'Lyon' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least one reward.')
    await user.click(screen.getByRole('button', { name: 'Add a points reward' }))
    await user.type(screen.getByRole('textbox', { name: 'Reward' }), 'Café')
    const weight = screen.getByRole('spinbutton', { name: 'Win probability (%)' })
    await user.clear(weight)
    await user.type(weight, '25')
    expect(screen.getByText('Rewards: 25 % · Lose: 75 %')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Wheel preview' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))

    const start = screen.getByLabelText(/Start date/)
    await user.clear(start)
    await user.click(screen.getByRole('button', { name: 'Create the game' }))
    expect(screen.getByText('Start date is required')).toBeInTheDocument()
    await user.type(start, '2026-12-01')
    await user.click(screen.getByRole('button', { name: 'Create the game' }))
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Roue', startDate: '2026-12-01' }),
      null,
    )
  })

  it('ties a weights total over 100 % to the weight fields, as an error message', async () => {
    const { user } = renderUi(<Wizard save={vi.fn()} />)
    await user.type(screen.getByRole('textbox', { name: /Game name/ }), 'Roue')
    await user.click(screen.getByRole('checkbox', { name: 'Lyon' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    for (const name of ['Café', 'Thé']) {
      await user.click(screen.getByRole('button', { name: 'Add a points reward' }))
      const rewards = screen.getAllByRole('textbox', { name: 'Reward' })
      await user.type(rewards.at(-1)!, name)
      const weight = screen.getAllByRole('spinbutton', { name: 'Win probability (%)' }).at(-1)!
      await user.clear(weight)
      await user.type(weight, '60')
      await user.type(screen.getAllByRole('spinbutton', { name: 'Points' }).at(-1)!, '5')
    }
    await user.click(screen.getByRole('button', { name: 'Next' }))
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The weights total more than 100 %.')
    for (const weight of screen.getAllByRole('spinbutton', { name: 'Win probability (%)' })) {
      expect(weight).toHaveAttribute('aria-invalid', 'true')
      expect(weight.getAttribute('aria-describedby')).toContain(alert.id)
    }
  })

  it('says a new game has no participants yet instead of an empty table', () => {
    renderUi(<GameDetailPage {...detail.default.args} {...detail.NoParticipants.args} />)
    expect(screen.getByRole('heading', { name: 'Nobody has played yet' })).toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: 'Customer' })).not.toBeInTheDocument()
  })

  it('edits an existing game: loads it (with a retry), keeps its rewards and saves it under its id', async () => {
    const game: GameInput = {
      name: 'Roue de Noël',
      type: 'WHEEL',
      action: 'STORE_OPENING',
      actionUrl: null,
      storeInfos: [{ storeId: 's1', googleLink: null }],
      rewards: [{ id: 'r1', name: 'Café', type: 'POINTS', points: 10, coupon: null, weight: 40 }],
      startDate: '2026-12-01',
      endDate: null,
      settings: { canLoose: true, onlyNewClients: false },
    }
    const load = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'down'))
      .mockResolvedValue(game)
    const save = vi.fn(async () => ({}))
    const { user } = renderUi(<Wizard save={save} load={load} gameId="g1" />)
    await user.click(await screen.findByRole('button', { name: /retry/i }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit the gift wheel' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Game name/ })).toHaveValue('Roue de Noël')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('textbox', { name: 'Reward' })).toHaveValue('Café')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(screen.getByRole('button', { name: 'Save the changes' }))
    expect(load).toHaveBeenCalledTimes(2)
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Roue de Noël', rewards: [expect.objectContaining({ id: 'r1' })] }),
      'g1',
    )
  })
})

const WON: SpinResult = {
  participantId: 'p1',
  rewardId: 'r1',
  rewardName: 'Café',
  rewardType: 'POINTS',
  points: 25,
  coupon: null,
  replayed: true,
  playedAt: '2026-12-01T10:00:00.000Z',
}

/** The play page after these events (the calls never answer by themselves). */
function playView(events: object[], over: Partial<PublicGame> = {}) {
  const never = fromPromise(() => new Promise<never>(() => {}))
  const actor = createActor(gamePlayMachine.provide({ actors: { loadGame: never, spin: never } as never }), {
    input: { gameId: 'g1', storeId: 's1', reducedMotion: true, language: 'en' },
  }).start()
  actor.send({ type: 'xstate.done.actor.loadGame', output: { ...GAME, ...over } } as never)
  for (const e of events) actor.send(e as never)
  return { view: toGamePlayView(actor.getSnapshot()), actor }
}

describe('game play page', () => {
  it('asks for the action, then shows the result the server gave', async () => {
    const { view, actor } = playView([])
    const send = vi.fn()
    const { user } = renderUi(<GamePlayPage view={view} send={send} phoneCode={undefined} storeId="s1" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Roue' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'I am in the store' }))
    expect(send).toHaveBeenCalledWith({ type: 'play.actionDone' })
    actor.stop()
    const done = playView([
      { type: 'play.actionDone' },
      { type: 'xstate.done.actor.phoneCode', output: { phone: '+33612345678', proof: 'p' } },
      { type: 'xstate.done.actor.spin', output: WON },
      { type: 'play.skipAnimation' },
    ]).view
    renderUi(<GamePlayPage view={done} send={vi.fn()} phoneCode={undefined} storeId="s1" />)
    expect(screen.getByRole('heading', { name: 'You won: Café!' })).toBeInTheDocument()
    expect(screen.getByText('25 points added to your card.')).toBeInTheDocument()
    expect(screen.getByText('You have already played this game: here is your result.')).toBeInTheDocument()
  })

  it('shows a won coupon as the counter takes it: value, short code, QR code, last day, how to use it', () => {
    const coupon = {
      code: 'K7MQ2XPA',
      header: 'Croissant offert',
      type: 'flat',
      value: 250,
      currencyCode: 'EUR',
      expiresAt: '2027-01-15T12:00:00.000Z',
    }
    const won = { ...WON, rewardName: 'Free croissant', rewardType: 'COUPON' as const, points: null, coupon }
    const steps = [
      { type: 'play.actionDone' },
      { type: 'xstate.done.actor.phoneCode', output: { phone: '+33612345678', proof: 'p' } },
      { type: 'xstate.done.actor.spin', output: { ...won, replayed: false } },
      { type: 'play.skipAnimation' },
    ]
    const { unmount } = renderUi(
      <GamePlayPage view={playView(steps).view} send={vi.fn()} phoneCode={undefined} storeId="s1" />,
    )
    expect(screen.getByRole('heading', { name: 'You won: Free croissant!' })).toBeInTheDocument()
    expect(screen.getByText('Your coupon, also sent to you by SMS:')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Croissant offert' })).toBeInTheDocument()
    expect(screen.getByText('€2.50')).toBeInTheDocument()
    expect(screen.getByText('Coupon code: K7MQ-2XPA')).toBeInTheDocument()
    // The QR code leads the counter to the back office's redeem page for this code.
    expect(screen.getByRole('img', { name: "The coupon's QR code" })).toHaveAttribute(
      'data-qr-text',
      `${window.location.origin}/pages/coupons/K7MQ2XPA`,
    )
    expect(screen.getByText('Valid until January 15, 2027')).toBeInTheDocument()
    expect(
      screen.getByText('Show this QR code at the counter, or give the code. The coupon can be used once.'),
    ).toBeInTheDocument()
    unmount()
    renderUi(<GamePlayPage view={playView(steps).view} send={vi.fn()} phoneCode={undefined} storeId="s1" />, {
      locale: 'fr',
    })
    expect(screen.getByText('Code du bon : K7MQ-2XPA')).toBeInTheDocument()
    expect(screen.getByText('Valable jusqu’au 15 janvier 2027')).toBeInTheDocument()
  })

  it('opens the review page from a button-shaped link, its label centred like the buttons', () => {
    const { view } = playView([], {
      action: 'GOOGLE',
      stores: [{ id: 's1', name: 'Lyon', googleLink: 'https://g.page/r/lyon' }],
    })
    renderUi(<GamePlayPage view={view} send={vi.fn()} phoneCode={undefined} storeId="s1" />)
    const open = screen.getByRole('link', { name: 'Open the page' })
    expect(open).toHaveAttribute('href', 'https://g.page/r/lyon')
    // The button recipe (it centres its content); the link had only the width and colours before.
    expect(open.className.split(' ')).toContain('button')
  })

  it('says an ended game has ended and a refused spin why, in French', () => {
    renderUi(
      <GamePlayPage
        view={playView([], { status: 'ENDED' }).view}
        send={vi.fn()}
        phoneCode={undefined}
        storeId={null}
      />,
      {
        locale: 'fr',
      },
    )
    expect(screen.getByRole('heading', { name: 'Ce jeu est terminé.' })).toBeInTheDocument()
    const refused = playView([
      { type: 'play.actionDone' },
      { type: 'xstate.done.actor.phoneCode', output: { phone: '+33612345678', proof: 'p' } },
      { type: 'xstate.error.actor.spin', error: new ApiError(403, 'GAME_ONLY_NEW_CLIENTS', 'x') },
    ]).view
    renderUi(<GamePlayPage view={refused} send={vi.fn()} phoneCode={undefined} storeId={null} />)
    expect(screen.getByRole('heading', { name: 'This game is for new customers only.' })).toBeInTheDocument()
  })
})
