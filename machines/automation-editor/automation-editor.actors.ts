// The automated-marketing editor's default actors: src/api (aborted through `signal`).
import { fromPromise } from 'xstate'
import { automationsApi } from '../../src/api/automations'
import { inputOf } from '../../src/domain/automation-draft'
import type { Automation, AutomationDetail } from '../../src/domain/automations'
import type { SaveAutomationInput } from './automation-editor.machine'

export const loadAutomation = fromPromise<AutomationDetail, { id: string }>(({ input, signal }) =>
  automationsApi.detail(input.id, signal),
)

export const saveAutomation = fromPromise<Automation, SaveAutomationInput>(({ input, signal }) => {
  const a = input.automation
  return automationsApi.update(input.userId, a.id, inputOf(input.form, a.type, a.franchiseId), signal)
})
