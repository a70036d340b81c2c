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

/** Actors that record their call and never settle. */
export function recordingActors(names: string[], calls: Calls) {
  return Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(({ input }) => {
        calls.push({ actor: name, input })
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
