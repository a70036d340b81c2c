// Model-based testing helpers (xstate/graph). Paths are generated from the machine graph with the
// events a test names, including the `xstate.done.actor.*` / `xstate.error.actor.*` events that stand
// for an invoked actor's answer; each path is then replayed on a real actor whose actors never answer
// by themselves (they record their inputs), so the path's events alone drive it.
import { expect } from 'vitest'
import { type AnyStateMachine, createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { getShortestPaths, getStateNodes } from 'xstate/graph'

/**
 * Every atomic (leaf) state a machine can rest in, as its dotted path ("editing", "signedIn.idle" …).
 * Transient states (only eventless `always` transitions) are passed through, never rested in.
 */
export function leafStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((n) => (n.type === 'atomic' || n.type === 'final') && !(n.always && n.always.length > 0))
    .map((n) => n.path.join('.'))
}

export function valueToPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value]
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    valueToPaths(v, `${prefix}${k}.`),
  )
}

/** Fails naming the leaf states that none of `paths` rests in, and any it rests in that is not a leaf. */
export function expectEveryStateReached(machine: AnyStateMachine, paths: { state: { value: unknown } }[]) {
  const reached = new Set(paths.flatMap((p) => valueToPaths(p.state.value)))
  expect([...reached].sort()).toEqual(leafStates(machine).sort())
}

// biome-ignore lint/suspicious/noExplicitAny: events of any machine
type AnyEvent = { type: string; [k: string]: any }

export function generatePaths(machine: AnyStateMachine, events: AnyEvent[], input?: unknown) {
  return getShortestPaths(machine, {
    events: events as never,
    ...(input !== undefined ? { input: input as never } : {}),
    // Context is part of the state: paths differ by what was typed, not only by the state name.
    serializeState: (s) => JSON.stringify({ v: s.value, c: (s as { context?: unknown }).context }),
  })
}

export type Calls = { actor: string; input: unknown }[]

/**
 * Actors that record their call and never settle: in `calls`, or in the list `calls()` names at the
 * time of the call (a machine provided once for many replays, each with its own record).
 */
export function recordingActors(names: string[], calls: Calls | (() => Calls)) {
  return Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(({ input }) => {
        ;(typeof calls === 'function' ? calls() : calls).push({ actor: name, input })
        return new Promise<never>(() => {})
      }),
    ]),
  )
}

export function replay<M extends AnyStateMachine>(
  machine: M,
  steps: { event: AnyEvent }[],
  input?: unknown,
): SnapshotFrom<M> {
  const actor = createActor(machine as AnyStateMachine, input !== undefined ? { input } : {})
  actor.start()
  for (const step of steps) {
    if (step.event.type === 'xstate.init') continue
    actor.send(step.event as never)
  }
  const snapshot = actor.getSnapshot() as SnapshotFrom<M>
  actor.stop()
  return snapshot
}

/** What one replayed path gives a check: its events (without `xstate.init`), the live snapshot, the calls. */
export type PathRun<S> = {
  events: AnyEvent[]
  /** The path's last event (undefined for the empty path). */
  last: AnyEvent | undefined
  snapshot: S
  calls: Calls
  /** Events the machine emitted (`emit`), in order. */
  emitted: AnyEvent[]
}

/** The event types of a path, for failure messages. */
export function describePath(steps: { event: AnyEvent }[]): string {
  return steps
    .map((s) => s.event.type)
    .filter((t) => t !== 'xstate.init')
    .join(' → ')
}

/**
 * Runs `check` for each path, naming the path's events when it fails. The check states what the path
 * must show from its events alone (never from the generator's own run, which replay always matches).
 */
export function checkEachPath<P extends { steps: { event: AnyEvent }[] }>(
  paths: P[],
  check: (path: P, events: AnyEvent[]) => void,
) {
  for (const path of paths) {
    const events = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init')
    try {
      check(path, events)
    } catch (error) {
      if (error instanceof Error) error.message = `path [${describePath(path.steps)}]: ${error.message}`
      throw error
    }
  }
}

/**
 * Replays every path on the machine with recording `actors` (plus `provide` for actions, if any) and
 * hands `check` the run: the path's events, the live snapshot, the calls made and the events emitted.
 */
export function replayEachPath<M extends AnyStateMachine>(
  machine: M,
  paths: { steps: { event: AnyEvent }[] }[],
  options: {
    actors: string[]
    input?: unknown
    provide?: (m: M) => M
    check: (run: PathRun<SnapshotFrom<M>>) => void
  },
) {
  checkEachPath(paths, (_path, events) => {
    const calls: Calls = []
    const emitted: AnyEvent[] = []
    const provided = machine.provide({ actors: recordingActors(options.actors, calls) as never }) as M
    const m = options.provide ? options.provide(provided) : provided
    const actor = createActor(
      m as AnyStateMachine,
      options.input !== undefined ? { input: options.input } : {},
    )
    actor.on('*', (e) => emitted.push(e as AnyEvent))
    actor.start()
    for (const e of events) actor.send(e as never)
    const snapshot = actor.getSnapshot() as SnapshotFrom<M>
    actor.stop()
    options.check({ events, last: events.at(-1), snapshot, calls, emitted })
  })
}
