import type { SnapshotFrom } from 'xstate'
import { wheelSlices } from '../../src/domain/game-wheel'
import { stepErrors, WIZARD_STEPS, type WizardStep } from '../../src/domain/games'
import { type gameWizardMachine, isEditing } from './game-wizard.machine'

/** What the wizard renders: the step, the draft, its errors (once shown) and the wheel preview. */
export function toGameWizardView(s: SnapshotFrom<typeof gameWizardMachine>, loseLabel = 'Lose') {
  const { draft, showErrors } = s.context
  const step: WizardStep = s.matches({ editing: 'rewards' })
    ? 'rewards'
    : s.matches({ editing: 'duration' }) || s.matches('saving')
      ? 'duration'
      : 'wheel'
  const errors = showErrors ? stepErrors(draft, step) : []
  return {
    step,
    stepIndex: WIZARD_STEPS.indexOf(step),
    steps: WIZARD_STEPS,
    draft,
    /** Field path → message key suffix (games.errors.*). */
    errors: Object.fromEntries(errors.map((e) => [e.field, e.key])) as Record<string, string>,
    isEdit: isEditing(s.context),
    isLoading: s.matches('loading') || s.matches('starting'),
    isLoadFailed: s.matches('loadFailed'),
    isSaving: s.matches('saving'),
    isSaved: s.matches('saved'),
    /** What the machine's `canAddReward` guard allows (whatever the reward's type). */
    canAddReward: s.can({ type: 'wizard.addReward', rewardType: 'POINTS' }),
    canGoBack: step !== 'wheel' && !s.matches('saving'),
    /** The live preview: slices sized by weight, lose last. */
    slices: wheelSlices(
      draft.rewards.map((r, i) => ({ id: `reward-${i}`, name: r.name || `#${i + 1}`, weight: r.weight })),
      loseLabel,
    ),
    weightTotal: Math.round(draft.rewards.reduce((sum, r) => sum + r.weight * 100, 0)) / 100,
  }
}
export type GameWizardView = ReturnType<typeof toGameWizardView>
