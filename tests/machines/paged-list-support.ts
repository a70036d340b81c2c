// What the paged lists' machine tests share (client list, owners, admin merchants): recording actors,
// the list call's answers, generating paths, and replaying one while following the address as the app
// does (machines/paged-list holds the rules they check).
import { expect } from 'vitest'
import { type Actor, type AnyStateMachine, type EventObject, fromPromise, type SnapshotFrom } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { isQueryChange } from '../../machines/paged-list/paged-list'

export type Call = { actor: string; input: unknown }
export type Answers = Partial<Record<string, (input: unknown) => Promise<unknown>>>

/** An actor that records its input in `calls` and settles as `answer` says (never, without one). */
export function recording(name: string, calls: Call[], answer?: (input: unknown) => Promise<unknown>) {
  return fromPromise(({ input }) => {
    calls.push({ actor: name, input })
    return answer ? answer(input) : new Promise<never>(() => {})
  })
}

/** The event that ends the search box's pause (the SEARCH_DEBOUNCE delay) in the machine `machineId`. */
export const searchDebounced = (machineId: string) =>
  `xstate.after.SEARCH_DEBOUNCE.${machineId}.search.debouncing`

/**
 * The answers the list call `src` may give at a state whose latest request is `requestId`: a page, an
 * empty page, a late answer to the request before, and a failure.
 */
export function listAnswers<P>(
  src: string,
  requestId: number,
  answers: { page: P; empty: P; error: unknown },
) {
  return [
    { type: `xstate.done.actor.${src}`, output: { requestId, page: answers.page } },
    { type: `xstate.done.actor.${src}`, output: { requestId, page: answers.empty } },
    { type: `xstate.done.actor.${src}`, output: { requestId: requestId - 1, page: answers.page } },
    { type: `xstate.error.actor.${src}`, error: answers.error },
  ]
}

/** Sends the list call's answer to the latest request, as the invoked actor would. */
export function answerLatest<M extends AnyStateMachine>(actor: Actor<M>, src: string, page: unknown) {
  const { requestId } = (actor.getSnapshot() as { context: { requestId: number } }).context
  actor.send({ type: `xstate.done.actor.${src}`, output: { requestId, page } } as never)
}

/** The shortest paths for `events`, where states that differ only by the request number are one. */
export function listPaths(machine: AnyStateMachine, events: (state: never) => unknown[], input: unknown) {
  return getShortestPaths(machine, {
    events: events as never,
    input: input as never,
    // The request number grows forever; states differing only by it behave alike.
    serializeState: (s) => {
      const { requestId: _r, ...context } = (s as { context: Record<string, unknown> }).context
      return JSON.stringify({ v: s.value, c: context })
    },
  })
}

type GeneratedPath = {
  state: { value: unknown; context: Record<string, unknown> }
  steps: { event: EventObject }[]
}

/**
 * Replays a generated path on a started `actor`, following the address as the app does: the last URL
 * written (`urls` records `writeUrl`), else the address a `query.change` brought. Checks that the actor
 * ends in the path's state and context (but for the request number) and that the address holds its
 * query; `beforeSend` may look at each step first. Returns the last snapshot, the actor stopped.
 */
export function replayFollowingAddress<M extends AnyStateMachine>(
  path: GeneratedPath,
  actor: Actor<M>,
  run: {
    urls: string[]
    location: string
    parse: (location: string) => unknown
    beforeSend?: (event: EventObject) => void
  },
): SnapshotFrom<M> {
  let address = run.location
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue
    run.beforeSend?.(step.event)
    const before = run.urls.length
    actor.send(step.event as never)
    if (run.urls.length > before) address = run.urls.at(-1)!
    else if (isQueryChange(step.event)) address = step.event.location
  }
  const snapshot = actor.getSnapshot()
  actor.stop()
  const { value, context: all } = snapshot as { value: unknown; context: Record<string, unknown> }
  expect(value).toEqual(path.state.value)
  const { requestId: _a, ...context } = all
  const { requestId: _b, ...expected } = path.state.context
  expect(context).toEqual(expected)
  // The address and the machine agree on the query (URL round trip).
  expect(run.parse(address)).toEqual(all.query)
  return snapshot
}

/** List calls are numbered 1, 2, 3 … and each asks for an offered page size and a page from 1. */
export function expectListCalls(
  calls: { requestId: number; query: { page: number; size: number } }[],
  pageSizes: readonly number[],
) {
  expect(calls.map((c) => c.requestId)).toEqual(calls.map((_, i) => i + 1))
  for (const { query } of calls) {
    expect(pageSizes).toContain(query.size)
    expect(query.page).toBeGreaterThanOrEqual(1)
  }
}
