// Draws a machine as a Mermaid state diagram, offline, from its graph (`toDirectedGraph` of
// xstate/graph) plus the eventless (`always`) transitions the graph leaves out. Invoked actors are
// written inside their state; transitions declared on the root ("from any state") start from a
// pseudo-state. Only used by stories: the diagram is documentation, never app code.
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { type DirectedGraphNode, toDirectedGraph } from 'xstate/graph'

const ANY = 's__any'

const idOf = (node: AnyStateNode) =>
  node.path.length === 0 ? ANY : `s_${node.path.join('__').replace(/[^A-Za-z0-9_]/g, '_')}`

/** A readable name for a guard or an action, whatever form it was given in. */
function nameOf(item: unknown): string | null {
  if (!item) return null
  if (typeof item === 'string') return item
  if (typeof item === 'function') return (item as { type?: string }).type ?? item.name ?? null
  if (typeof item === 'object' && 'type' in item) return String((item as { type: string }).type)
  return null
}

/** `xstate.done.actor.signIn` → `signIn done`; `xstate.after.…` → `after …`; others as they are. */
export function eventLabel(eventType: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (actor) return `${actor[2]} ${actor[1]}`
  const after = /^xstate\.after\.([^.]+)/.exec(eventType)
  if (after) return `after ${after[1]}`
  return eventType || 'always'
}

type Transition = {
  eventType: string
  guard?: unknown
  actions?: readonly unknown[]
  target?: readonly AnyStateNode[]
}

function label(t: Transition, selfLoop: boolean): string {
  const guard = nameOf(t.guard)
  // A transition without a target only runs actions: name them, or the loop says nothing.
  const actions = selfLoop
    ? (t.actions ?? []).map(nameOf).filter((a): a is string => !!a && !a.startsWith('xstate.'))
    : []
  return [eventLabel(t.eventType), guard && `[${guard}]`, actions.length > 0 && `/ ${actions.join(', ')}`]
    .filter(Boolean)
    .join(' ')
    .replace(/[":;]/g, ' ')
}

export function machineToMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2']
  const rootTransitions: string[] = []

  const walk = (graph: DirectedGraphNode, indent: string) => {
    const node = graph.stateNode
    const id = idOf(node)
    const isRoot = node.path.length === 0
    const inner = isRoot ? indent : `${indent}  `
    if (!isRoot) {
      lines.push(`${indent}state "${node.key}" as ${id}`)
      // Mermaid gives a group (a state with children) no description: its actors go inside it instead.
      if (graph.children.length === 0)
        for (const invoke of node.invoke)
          lines.push(`${indent}${id} : invoke ${nameOf(invoke.src) ?? invoke.id}`)
      if (node.type === 'final') lines.push(`${indent}${id} --> [*]`)
    }
    if (graph.children.length > 0) {
      if (!isRoot) lines.push(`${indent}state ${id} {`)
      node.invoke.forEach((invoke, i) => {
        lines.push(`${inner}state "invoke ${nameOf(invoke.src) ?? invoke.id}" as ${id}__invoke${i}`)
      })
      const initial = node.initial?.target?.[0] as AnyStateNode | undefined
      if (initial) lines.push(`${inner}[*] --> ${idOf(initial)}`)
      for (const child of graph.children) walk(child, inner)
      if (!isRoot) lines.push(`${indent}}`)
    }
    const out = isRoot ? rootTransitions : lines
    for (const edge of graph.edges) {
      const t = edge.transition as unknown as Transition
      const self = !t.target || t.target.length === 0
      out.push(`${isRoot ? '' : indent}${id} --> ${idOf(edge.target)} : ${label(t, self)}`)
    }
    for (const t of (node.always ?? []) as unknown as Transition[])
      for (const target of t.target ?? [])
        lines.push(`${indent}${id} --> ${idOf(target)} : ${label(t, false)}`)
  }

  walk(toDirectedGraph(machine), '  ')
  if (rootTransitions.length > 0) {
    lines.push(`  state "(any state)" as ${ANY}`, ...rootTransitions.map((l) => `  ${l}`))
    lines.push('  classDef anyState fill:none,stroke-dasharray:4 4', `  class ${ANY} anyState`)
  }
  return `${lines.join('\n')}\n`
}
