import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { storeOpinionsMachine, toStoreOpinionsView } from '../../machines/store-opinions'
import { ApiError } from '../../src/api/client'
import {
  type Calls,
  checkEachPath,
  expectEveryStateReached,
  generatePaths,
  recordingActors,
  replay,
} from '../support/model'
import { opinion, opinions, page, STORE_A } from '../support/opinions-fixtures'

const ACTORS = ['listOpinions', 'saveReply']
const ALL = opinions(14)
const FIRST = page(ALL, 1)
const input = { storeId: STORE_A }
const saved = { ...ALL[1]!, reply: 'Merci !', repliedAt: '2026-11-01T10:00:00.000Z' }

const events = [
  { type: 'opinions.page', page: 2 },
  { type: 'opinions.rating', rating: 5 },
  { type: 'opinions.rating', rating: null },
  { type: 'opinions.retry' },
  { type: 'reply.open', opinionId: ALL[1]!.id },
  { type: 'reply.edit', text: 'Merci !' },
  { type: 'reply.edit', text: '   ' },
  { type: 'reply.save' },
  { type: 'reply.cancel' },
  { type: 'xstate.done.actor.listOpinions', output: FIRST },
  { type: 'xstate.done.actor.listOpinions', output: page([], 1) },
  { type: 'xstate.error.actor.listOpinions', error: new ApiError(500, 'INTERNAL', 'down') },
  { type: 'xstate.done.actor.saveReply', output: saved },
  { type: 'xstate.error.actor.saveReply', error: new ApiError(500, 'INTERNAL', 'down') },
]

function start(calls: Calls = [], notices: string[] = []) {
  return createActor(
    storeOpinionsMachine.provide({
      actors: recordingActors(ACTORS, calls) as never,
      actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
    }),
    { input },
  ).start()
}

describe('store opinions machine', () => {
  const paths = generatePaths(storeOpinionsMachine, events, input)

  it('reaches every state', () => {
    expectEveryStateReached(storeOpinionsMachine, paths)
  })

  it('replays every path: lists within the pages, saves only a non-empty reply of a listed opinion', () => {
    expect(paths.length).toBeGreaterThan(10)
    checkEachPath(paths, (path) => {
      const calls: Calls = []
      const notices: string[] = []
      const machine = storeOpinionsMachine.provide({
        actors: recordingActors(ACTORS, calls) as never,
        actions: { notify: (_, p: { id: string }) => notices.push(p.id) },
      })
      const snapshot = replay(machine, path.steps, input)
      const view = toStoreOpinionsView(snapshot)
      const evs = path.steps.map((x) => x.event as { type: string; [k: string]: unknown })
      // The query asked, folded from the path: a rating goes back to page 1.
      let rating: number | null = null
      let pageNo = 1
      for (const e of evs) {
        if (e.type === 'opinions.page') pageNo = e.page as number
        if (e.type === 'opinions.rating') {
          rating = e.rating as number | null
          pageNo = 1
        }
      }
      expect(view).toMatchObject({ rating, page: pageNo })
      const lastList = calls.filter((c) => c.actor === 'listOpinions').at(-1)
      expect(lastList?.input).toMatchObject({ page: pageNo, ...(rating !== null ? { rating } : {}) })
      const last = evs.at(-1)!
      switch (last.type) {
        case 'xstate.init':
        case 'opinions.page':
        case 'opinions.rating':
        case 'opinions.retry':
          expect(view.isLoading).toBe(true)
          expect(calls.at(-1)?.actor).toBe('listOpinions')
          break
        case 'xstate.done.actor.listOpinions': {
          const answer = last.output as ReturnType<typeof page>
          expect(view).toMatchObject({ isLoading: false, rows: answer.data, total: answer.metadata.total })
          expect(view.isEmpty || view.isNoResult).toBe(answer.metadata.total === 0)
          break
        }
        case 'xstate.error.actor.listOpinions':
          expect(view).toMatchObject({ isFailed: true, isLoading: false })
          expect(view.error).not.toBeNull()
          break
        case 'reply.open':
          expect(view.reply?.opinionId).toBe(last.opinionId)
          break
        case 'reply.edit':
          expect(view.reply?.text).toBe(last.text)
          // An empty reply cannot be saved.
          if ((last.text as string).trim() === '') expect(view.canSave).toBe(false)
          break
        case 'reply.save':
          expect(view.isSaving).toBe(true)
          expect(calls.at(-1)).toMatchObject({ actor: 'saveReply', input: { reply: 'Merci !' } })
          break
        case 'reply.cancel':
        case 'xstate.done.actor.saveReply':
          expect(view.reply).toBeNull()
          if (last.type === 'xstate.done.actor.saveReply')
            expect(view.rows.find((o) => o.id === saved.id)?.reply).toBe('Merci !')
          break
        case 'xstate.error.actor.saveReply':
          expect(view).toMatchObject({ isSaving: false, canSave: true })
          expect(view.reply).not.toBeNull()
          break
        default:
          throw new Error(`no expectation for ${last.type}`)
      }
      for (const c of calls) {
        if (c.actor === 'listOpinions') {
          const q = c.input as { page: number; size: number; storeId: string }
          expect(q.storeId).toBe(STORE_A)
          expect(q.page).toBeGreaterThanOrEqual(1)
          expect(q.size).toBe(10)
        } else {
          const r = c.input as { reply: string; opinionId: string }
          expect(r.reply.trim()).toBe(r.reply)
          expect(r.reply.length).toBeGreaterThan(0)
          expect(ALL.some((o) => o.id === r.opinionId)).toBe(true)
        }
      }
      const savedSteps = path.steps.filter((s) => s.event.type === 'xstate.done.actor.saveReply').length
      expect(notices.length).toBeLessThanOrEqual(savedSteps)
    })
  })

  it('pages and filters by rating, going back to the first page', () => {
    const calls: Calls = []
    const actor = start(calls)
    const view = () => toStoreOpinionsView(actor.getSnapshot())
    expect(view()).toMatchObject({ isLoading: true, rows: [] })
    actor.send({ type: 'xstate.done.actor.listOpinions', output: FIRST } as never)
    expect(view()).toMatchObject({ isLoading: false, total: 14, pageCount: 2, isEmpty: false })
    actor.send({ type: 'opinions.page', page: 3 }) // past the last page: ignored
    actor.send({ type: 'opinions.page', page: 2 })
    expect(view().isRefreshing).toBe(true)
    actor.send({ type: 'xstate.done.actor.listOpinions', output: page(ALL, 2) } as never)
    actor.send({ type: 'opinions.rating', rating: 4 })
    expect(calls.map((c) => c.input)).toEqual([
      { storeId: STORE_A, page: 1, size: 10, rating: null },
      { storeId: STORE_A, page: 2, size: 10, rating: null },
      { storeId: STORE_A, page: 1, size: 10, rating: 4 },
    ])
    actor.send({ type: 'xstate.done.actor.listOpinions', output: page([], 1) } as never)
    expect(view()).toMatchObject({ isNoResult: true, isEmpty: false })
    actor.send({ type: 'opinions.rating', rating: 7 })
    expect(calls).toHaveLength(3)
  })

  it('shows the last page when the list got shorter', () => {
    const calls: Calls = []
    const actor = start(calls)
    actor.send({ type: 'xstate.done.actor.listOpinions', output: FIRST } as never)
    actor.send({ type: 'opinions.page', page: 2 })
    actor.send({
      type: 'xstate.done.actor.listOpinions',
      output: { data: [], metadata: { page: 2, size: 10, total: 8 } },
    } as never)
    expect(calls.at(-1)?.input).toMatchObject({ page: 1 })
  })

  it('opens the reply with the current reply, saves it, and shows it in the list', () => {
    const calls: Calls = []
    const notices: string[] = []
    const actor = start(calls, notices)
    const view = () => toStoreOpinionsView(actor.getSnapshot())
    actor.send({ type: 'xstate.done.actor.listOpinions', output: FIRST } as never)
    actor.send({ type: 'reply.open', opinionId: 'not-listed' })
    expect(view().reply).toBeNull()
    actor.send({ type: 'reply.open', opinionId: ALL[2]!.id })
    expect(view().reply).toMatchObject({ text: 'Merci pour votre retour !', opinion: { id: ALL[2]!.id } })
    actor.send({ type: 'reply.cancel' })
    actor.send({ type: 'reply.open', opinionId: ALL[1]!.id })
    expect(view()).toMatchObject({ reply: { text: '' }, canSave: false })
    actor.send({ type: 'reply.save' })
    expect(view().isSaving).toBe(false)
    actor.send({ type: 'reply.edit', text: '  Merci !  ' })
    expect(view().canSave).toBe(true)
    actor.send({ type: 'reply.save' })
    expect(view()).toMatchObject({ isSaving: true, canSave: false })
    actor.send({ type: 'reply.cancel' }) // not while saving
    expect(view().isSaving).toBe(true)
    expect(calls.at(-1)).toEqual({
      actor: 'saveReply',
      input: { storeId: STORE_A, opinionId: ALL[1]!.id, reply: 'Merci !' },
    })
    actor.send({ type: 'xstate.done.actor.saveReply', output: saved } as never)
    expect(view().reply).toBeNull()
    expect(view().rows[1]!.reply).toBe('Merci !')
    expect(notices).toEqual(['pages.storeOpinions.reply.saved'])
  })

  it('keeps the dialog and its text on a failure, with the generic error, and refuses a too long reply', () => {
    const calls: Calls = []
    const actor = start(calls)
    const view = () => toStoreOpinionsView(actor.getSnapshot())
    actor.send({ type: 'xstate.done.actor.listOpinions', output: FIRST } as never)
    actor.send({ type: 'reply.open', opinionId: ALL[0]!.id })
    actor.send({ type: 'reply.edit', text: 'Nous sommes désolés' })
    actor.send({ type: 'reply.save' })
    actor.send({ type: 'xstate.error.actor.saveReply', error: new ApiError(500, 'X', 'down') } as never)
    expect(view()).toMatchObject({
      reply: { text: 'Nous sommes désolés', error: 'errors.generic' },
      isSaving: false,
    })
    actor.send({ type: 'reply.edit', text: 'x'.repeat(1001) })
    expect(view()).toMatchObject({ canSave: false, replyProblem: 'pages.storeOpinions.reply.tooLong' })
    actor.send({ type: 'reply.save' })
    expect(calls.filter((c) => c.actor === 'saveReply')).toHaveLength(1)
  })

  it('empties the list on a failure and retries; says "no opinion yet"', () => {
    const calls: Calls = []
    const actor = start(calls)
    actor.send({
      type: 'xstate.error.actor.listOpinions',
      error: new ApiError(0, 'NETWORK_ERROR', 'x'),
    } as never)
    expect(toStoreOpinionsView(actor.getSnapshot())).toMatchObject({
      isFailed: true,
      error: 'pages.storeOpinions.errors.load',
    })
    actor.send({ type: 'opinions.retry' })
    actor.send({ type: 'xstate.done.actor.listOpinions', output: page([], 1) } as never)
    expect(toStoreOpinionsView(actor.getSnapshot()).isEmpty).toBe(true)
    expect(calls).toHaveLength(2)
    expect(opinion(1).id).not.toBe(opinion(1, 'x-e02').id)
  })
})
