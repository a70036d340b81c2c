// The automated-marketing list's default actors: src/api (aborted through `signal`).
import { fromPromise } from 'xstate'
import { automationsApi } from '../../src/api/automations'
import { formOf, inputOf } from '../../src/domain/automation-draft'
import type { Automation } from '../../src/domain/automations'
import type {
  LoadAutomationsInput,
  LoadAutomationsOutput,
  ToggleAutomationInput,
} from './automation-list.machine'

export const loadAutomations = fromPromise<LoadAutomationsOutput, LoadAutomationsInput>(
  async ({ input, signal }) => {
    const [automations, month, total] = await Promise.all([
      automationsApi.list(input.franchiseId, signal),
      automationsApi.revenue(input.franchiseId, signal),
      automationsApi.totalRevenue(input.franchiseId, signal),
    ])
    return { automations, month, total }
  },
)

export const toggleAutomation = fromPromise<Automation, ToggleAutomationInput>(({ input, signal }) => {
  const a = input.automation
  return automationsApi.update(input.userId, a.id, inputOf(formOf(a), a.type, a.franchiseId), signal)
})
