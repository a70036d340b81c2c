// The demo machine with the app's real actor (src/api). Tests and stories hand their own (the same
// machine with a fake back end) through DemoLogicContext.
import { createContext, useContext } from 'react'
import { loadDemo } from '../../../machines/demo/demo.actors'
import { demoMachine } from '../../../machines/demo/demo.machine'

export type DemoLogic = { demo: typeof demoMachine }

export const appDemoLogic: DemoLogic = { demo: demoMachine.provide({ actors: { loadDemo } }) }

export const DemoLogicContext = createContext<DemoLogic>(appDemoLogic)
export const useDemoLogic = () => useContext(DemoLogicContext)

/** The addresses of the three demo pages (SPEC §2). */
export const DEMO_PATHS = {
  analytics: '/pages/demo/analytics',
  clients: '/pages/demo/clients',
  loyalty: '/pages/demo/loyalty',
} as const
