// The gift wheel's creation (/pages/games/new; SPEC §2 "gift wheel creation in three steps", §4 Game,
// §5 Game, §8; issue 22): three steps (wheel, rewards, duration) over one draft, each step's §5 rules
// checked before the next; the preview (the view) draws the wheel from the draft as it is typed. Saving
// goes saving → saved (a success toast, the game history, the draft reset) or back to the last step
// with games.creation.validation.error. With a `gameId` it edits that game: its draft is loaded first
// (a failure offers a retry) and saving updates it.
import { assign, setup } from 'xstate'
import type { RewardType } from '../../src/domain/game-wheel'
import {
  emptyGame,
  emptyReward,
  type GameInput,
  type GameRewardInput,
  gameRuleErrors,
  MAX_REWARDS,
  stepErrors,
  type WizardStep,
} from '../../src/domain/games'
import { loadGame, saveGame } from './game-wizard.actors'

export type GameWizardInput = { userId: string | null; today: string; gameId?: string | null }
export type SaveGameInput = { game: GameInput; gameId: string | null }
export type LoadGameInput = { gameId: string }

export type GameWizardContext = {
  userId: string | null
  today: string
  /** The game edited; null: a new one. */
  gameId: string | null
  draft: GameInput
  /** The current step's errors show once the user tried to go on. */
  showErrors: boolean
}

type Top = Pick<GameInput, 'name' | 'action' | 'actionUrl' | 'startDate' | 'endDate'>
export type GameWizardEvent =
  | { type: 'wizard.set'; patch: Partial<Top> }
  | { type: 'wizard.settings'; patch: Partial<NonNullable<GameInput['settings']>> }
  | { type: 'wizard.toggleStore'; storeId: string }
  | { type: 'wizard.storeLink'; storeId: string; link: string }
  | { type: 'wizard.addReward'; rewardType: RewardType }
  | { type: 'wizard.updateReward'; index: number; patch: Partial<GameRewardInput> }
  | { type: 'wizard.removeReward'; index: number }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.submit' }
  | { type: 'wizard.restart' }
  | { type: 'wizard.retry' }

const stepValid =
  (step: WizardStep) =>
  ({ context }: { context: GameWizardContext }) =>
    stepErrors(context.draft, step).length === 0

/** Editing a stored game (loaded first, saved in place) rather than creating one: the machine's guard
 * and the view's title read this one rule. */
export const isEditing = (c: { gameId: string | null }) => c.gameId !== null

export const gameWizardMachine = setup({
  types: {
    input: {} as GameWizardInput,
    context: {} as GameWizardContext,
    events: {} as GameWizardEvent,
  },
  // The real calls (src/api); tests and stories provide fakes.
  actors: { saveGame, loadGame },
  guards: {
    isWheelValid: stepValid('wheel'),
    isRewardsValid: stepValid('rewards'),
    /** §5 "game creation needs a user id", and every rule of every step. */
    isGameValid: ({ context }) => !!context.userId && gameRuleErrors(context.draft).length === 0,
    canAddReward: ({ context }) => context.draft.rewards.length < MAX_REWARDS,
    isEdit: ({ context }) => isEditing(context),
  },
  actions: {
    /** Provided by the app: the toasts and the way to the history. */
    notifySaved: () => {},
    notifyFailed: () => {},
    goToHistory: () => {},
    showErrors: assign({ showErrors: true }),
    hideErrors: assign({ showErrors: false }),
    set: assign({
      draft: ({ context, event }) =>
        event.type === 'wizard.set' ? { ...context.draft, ...event.patch } : context.draft,
    }),
    setSettings: assign({
      draft: ({ context: { draft }, event }) =>
        event.type === 'wizard.settings'
          ? {
              ...draft,
              settings: { canLoose: true, onlyNewClients: false, ...draft.settings, ...event.patch },
            }
          : draft,
    }),
    toggleStore: assign({
      draft: ({ context: { draft }, event }) => {
        if (event.type !== 'wizard.toggleStore') return draft
        const has = draft.storeInfos.some((s) => s.storeId === event.storeId)
        return {
          ...draft,
          storeInfos: has
            ? draft.storeInfos.filter((s) => s.storeId !== event.storeId)
            : [...draft.storeInfos, { storeId: event.storeId, googleLink: null }],
        }
      },
    }),
    setStoreLink: assign({
      draft: ({ context: { draft }, event }) =>
        event.type === 'wizard.storeLink'
          ? {
              ...draft,
              storeInfos: draft.storeInfos.map((s) =>
                s.storeId === event.storeId ? { ...s, googleLink: event.link } : s,
              ),
            }
          : draft,
    }),
    addReward: assign({
      draft: ({ context: { draft }, event }) =>
        event.type === 'wizard.addReward'
          ? { ...draft, rewards: [...draft.rewards, emptyReward(event.rewardType)] }
          : draft,
    }),
    updateReward: assign({
      draft: ({ context: { draft }, event }) =>
        event.type === 'wizard.updateReward'
          ? {
              ...draft,
              rewards: draft.rewards.map((r, i) => (i === event.index ? { ...r, ...event.patch } : r)),
            }
          : draft,
    }),
    removeReward: assign({
      draft: ({ context: { draft }, event }) =>
        event.type === 'wizard.removeReward'
          ? { ...draft, rewards: draft.rewards.filter((_, i) => i !== event.index) }
          : draft,
    }),
    resetDraft: assign({ draft: ({ context }) => emptyGame(context.today), showErrors: false }),
    setLoaded: assign({ draft: ({ event }) => (event as unknown as { output: GameInput }).output }),
  },
}).createMachine({
  id: 'gameWizard',
  context: ({ input }) => ({
    userId: input.userId,
    today: input.today,
    gameId: input.gameId ?? null,
    draft: emptyGame(input.today),
    showErrors: false,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadGame',
        src: 'loadGame',
        input: ({ context }) => ({ gameId: context.gameId! }),
        onDone: { target: 'editing', actions: 'setLoaded' },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'wizard.retry': 'loading' } },
    editing: {
      initial: 'wheel',
      on: {
        'wizard.set': { actions: 'set' },
        'wizard.settings': { actions: 'setSettings' },
        'wizard.toggleStore': { actions: 'toggleStore' },
        'wizard.storeLink': { actions: 'setStoreLink' },
        'wizard.addReward': { guard: 'canAddReward', actions: 'addReward' },
        'wizard.updateReward': { actions: 'updateReward' },
        'wizard.removeReward': { actions: 'removeReward' },
      },
      states: {
        wheel: {
          on: {
            'wizard.next': [
              { guard: 'isWheelValid', target: 'rewards', actions: 'hideErrors' },
              { actions: 'showErrors' },
            ],
          },
        },
        rewards: {
          on: {
            'wizard.back': { target: 'wheel', actions: 'hideErrors' },
            'wizard.next': [
              { guard: 'isRewardsValid', target: 'duration', actions: 'hideErrors' },
              { actions: 'showErrors' },
            ],
          },
        },
        duration: {
          on: {
            'wizard.back': { target: 'rewards', actions: 'hideErrors' },
            'wizard.submit': [
              { guard: 'isGameValid', target: '#gameWizard.saving' },
              { actions: 'showErrors' },
            ],
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveGame',
        src: 'saveGame',
        input: ({ context }) => ({ game: context.draft, gameId: context.gameId }),
        onDone: { target: 'saved', actions: ['notifySaved', 'resetDraft', 'goToHistory'] },
        onError: { target: 'editing.duration', actions: 'notifyFailed' },
      },
    },
    saved: { on: { 'wizard.restart': 'editing' } },
  },
})
