import type { Meta, StoryObj } from '@storybook/react-vite'
import { gameWizardMachine } from '../../machines/game-wizard/game-wizard.machine'
import { toGameWizardView } from '../../machines/game-wizard/game-wizard.view'
import { emptyGame, emptyReward } from '../../src/domain/games'
import { GameWizardPage } from '../../src/features/games/GameWizardPage'

const TODAY = '2026-12-01'
const STORES = [
  { id: 's1', name: 'Maison Dupont — Lyon' },
  { id: 's2', name: 'Maison Dupont — Paris Marais' },
]
const DRAFT = {
  ...emptyGame(TODAY),
  name: 'Roue de Noël',
  storeInfos: [{ storeId: 's1', googleLink: null }],
  rewards: [
    { ...emptyReward('POINTS'), name: 'Café', points: 25, weight: 35.5 },
    {
      ...emptyReward('COUPON'),
      name: 'Dessert',
      coupon: {
        name: 'Dessert offert',
        type: 'product' as const,
        value: null,
        validity: { value: 1, unit: 'months' as const },
      },
      weight: 20,
    },
  ],
}
const at = (value: object | string, over: object = {}) =>
  toGameWizardView(
    gameWizardMachine.resolveState({
      value: value as never,
      context: { userId: 'u1', today: TODAY, gameId: null, draft: DRAFT, showErrors: false, ...over },
    }),
    'Perdu',
  )

const meta = {
  title: 'Pages/Games/Wizard',
  component: GameWizardPage,
  parameters: { layout: 'padded' },
  args: { view: at({ editing: 'wheel' }), send: () => {}, stores: STORES, currency: 'EUR' },
} satisfies Meta<typeof GameWizardPage>

export default meta
type Story = StoryObj<typeof meta>

export const Wheel: Story = {}
export const WheelErrors: Story = {
  args: { view: at({ editing: 'wheel' }, { draft: emptyGame(TODAY), showErrors: true }) },
}
export const Rewards: Story = { args: { view: at({ editing: 'rewards' }) } }
export const Duration: Story = { args: { view: at({ editing: 'duration' }) } }
export const Saving: Story = { args: { view: at('saving') } }
export const EditLoading: Story = { args: { view: at('loading', { gameId: 'g1' }) } }
export const EditLoadFailed: Story = { args: { view: at('loadFailed', { gameId: 'g1' }) } }
export const EditDuration: Story = { args: { view: at({ editing: 'duration' }, { gameId: 'g1' }) } }
