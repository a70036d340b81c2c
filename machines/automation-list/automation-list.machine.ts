// The automated-marketing list (issue 20, /pages/marketing/list): the franchise's three automations as
// cards with their active switch, and the franchise's revenue from them this month and in total. A
// switch saves the automation with its active flag flipped; a failure keeps the card as it was.
import { assign, setup } from 'xstate'
import type { Automation, AutomationRevenue } from '../../src/domain/automations'
import { loadAutomations, toggleAutomation } from './automation-list.actors'

export type AutomationListInput = { franchiseId: string; userId: string }
export type LoadAutomationsInput = { franchiseId: string }
export type LoadAutomationsOutput = {
  automations: Automation[]
  month: AutomationRevenue
  total: AutomationRevenue
}
export type ToggleAutomationInput = { userId: string; automation: Automation }

export type AutomationListContext = AutomationListInput & {
  automations: Automation[]
  monthRevenue: number
  totalRevenue: number
  /** The card being switched. */
  togglingId: string | null
  /** A message id. */
  error: string | null
}

export type AutomationListEvent = { type: 'marketing.toggle'; id: string } | { type: 'marketing.retry' }

const outputOf = <T>(event: unknown) => (event as { output: T }).output

export const automationListMachine = setup({
  types: {
    input: {} as AutomationListInput,
    context: {} as AutomationListContext,
    events: {} as AutomationListEvent,
  },
  actors: {
    loadAutomations,
    toggleAutomation,
  },
  guards: {
    isKnownAutomation: ({ context, event }) =>
      event.type === 'marketing.toggle' && context.automations.some((a) => a.id === event.id),
  },
  actions: {
    setLoaded: assign(({ event }) => {
      const o = outputOf<LoadAutomationsOutput>(event)
      return {
        automations: o.automations,
        monthRevenue: o.month.revenue,
        totalRevenue: o.total.revenue,
        error: null,
      }
    }),
    setLoadFailed: assign({ error: 'automatedMarketing.errors.load' }),
    markToggling: assign({
      togglingId: ({ event }) => (event.type === 'marketing.toggle' ? event.id : null),
      error: null,
    }),
    replaceToggled: assign({
      automations: ({ context, event }) => {
        const saved = outputOf<Automation>(event)
        return context.automations.map((a) => (a.id === saved.id ? saved : a))
      },
      togglingId: null,
    }),
    setToggleFailed: assign({ togglingId: null, error: 'automatedMarketing.errors.toggle' }),
  },
}).createMachine({
  id: 'automationList',
  context: ({ input }) => ({
    ...input,
    automations: [],
    monthRevenue: 0,
    totalRevenue: 0,
    togglingId: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAutomations',
        src: 'loadAutomations',
        input: ({ context }) => ({ franchiseId: context.franchiseId }),
        onDone: { target: 'ready', actions: 'setLoaded' },
        onError: { target: 'failed', actions: 'setLoadFailed' },
      },
    },
    failed: { on: { 'marketing.retry': 'loading' } },
    ready: {
      on: { 'marketing.toggle': { guard: 'isKnownAutomation', target: 'toggling', actions: 'markToggling' } },
    },
    toggling: {
      invoke: {
        id: 'toggleAutomation',
        src: 'toggleAutomation',
        input: ({ context }) => {
          const a = context.automations.find((x) => x.id === context.togglingId)!
          return { userId: context.userId, automation: { ...a, isActive: !a.isActive } }
        },
        onDone: { target: 'ready', actions: 'replaceToggled' },
        onError: { target: 'ready', actions: 'setToggleFailed' },
      },
    },
  },
})
