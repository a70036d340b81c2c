// Machines own their actors (issue 36 §2): a page runs its machine as setup() wrote it, with the real
// calls. A test or a story that renders whole pages hands, here, the same machines provided with fakes
// (`machine.provide({ actors })`); a page asks for its machine through useProvided, which gives back
// the handed one (the same config, other implementations) or else the machine itself.
import { createContext, type ReactNode, useContext } from 'react'
import type { AnyStateMachine } from 'xstate'

const Provided = createContext<readonly AnyStateMachine[]>([])

/** Hands `machines` to the pages below (an inner provider's come first). */
export function ProvidedMachines({
  machines,
  children,
}: {
  machines: readonly AnyStateMachine[]
  children: ReactNode
}) {
  const outer = useContext(Provided)
  return <Provided.Provider value={[...machines, ...outer]}>{children}</Provided.Provider>
}

/** The machine handed for `machine`, else `machine` itself. */
export function useProvided<M extends AnyStateMachine>(machine: M): M {
  const handed = useContext(Provided).find((m) => m.config === machine.config)
  return (handed as M | undefined) ?? machine
}
