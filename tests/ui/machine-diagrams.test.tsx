import mermaid from 'mermaid'
import { describe, expect, it } from 'vitest'
import { getStateNodes } from 'xstate/graph'
import { eventLabel, machineToMermaid } from '../../stories/support/machine-mermaid'
import { DIAGRAM_MACHINES } from '../../stories/support/machines'

describe('machine diagrams (stories/support/machine-mermaid)', () => {
  it.each(Object.entries(DIAGRAM_MACHINES))(
    '%s: Mermaid accepts it and it shows every state and actor',
    async (_, machine) => {
      const source = machineToMermaid(machine)
      await expect(mermaid.parse(source)).resolves.toMatchObject({ diagramType: 'stateDiagram' })
      for (const node of getStateNodes(machine.root)) {
        expect(source).toContain(`state "${node.key}"`)
        for (const invoke of node.invoke) expect(source).toContain(`invoke ${invoke.src}`)
      }
    },
  )

  it('draws guards, eventless transitions, final states and targetless actions', () => {
    const source = machineToMermaid(DIAGRAM_MACHINES.login)
    expect(source).toContain('s_editing --> s_submitting : login.submit [canSubmit]')
    expect(source).toContain('s_checkingRole --> s_refusing : always [cannotUseApp]')
    expect(source).toContain('s_signedIn --> [*]')
    expect(source).toContain('s_editing --> s_editing : login.change / setField')
    expect(machineToMermaid(DIAGRAM_MACHINES.session)).toContain('s__any --> s_starting : session.restart')
  })

  it('names actor answers and timers plainly', () => {
    expect(eventLabel('xstate.done.actor.signIn')).toBe('signIn done')
    expect(eventLabel('xstate.error.actor.loadOffer')).toBe('loadOffer error')
    expect(eventLabel('xstate.after.countdown.sale.counting')).toBe('after countdown')
    expect(eventLabel('')).toBe('always')
  })
})
