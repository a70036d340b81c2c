// The game detail page in each state of its machine (issue 22).
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type GameDetailContext, gameDetailMachine } from '../../machines/game-detail/game-detail.machine'
import { toGameDetailView } from '../../machines/game-detail/game-detail.view'
import { GameDetailPage } from '../../src/features/games/GameDetailPage'
import {
  GAME_INFO as INFO,
  GAME_PARTICIPANTS as PARTICIPANTS,
  GAME_REWARDS as REWARDS,
} from '../../tests/support/game-fixtures'

const ID = INFO.id
type Value = 'loadingInfo' | 'infoFailed' | 'loadingRewards' | 'rewardsFailed' | 'ready' | 'toggling'
const at = (value: Value, over: Partial<GameDetailContext> = {}) => {
  const loaded = value === 'ready' || value === 'toggling'
  return toGameDetailView(
    gameDetailMachine.resolveState({
      value,
      context: {
        id: ID,
        info: value === 'loadingInfo' || value === 'infoFailed' ? null : INFO,
        rewards: loaded ? REWARDS : [],
        participants: loaded ? PARTICIPANTS : [],
        participantTotal: loaded ? 40 : 0,
        ...over,
      },
    }),
  )
}

const meta = {
  title: 'Pages/Games/Detail',
  component: GameDetailPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready'), send: () => {}, origin: 'https://app.example' },
} satisfies Meta<typeof GameDetailPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const LoadingInfo: Story = { args: { view: at('loadingInfo') } }
export const InfoFailed: Story = { args: { view: at('infoFailed') } }
export const LoadingRewards: Story = { args: { view: at('loadingRewards') } }
export const RewardsFailed: Story = { args: { view: at('rewardsFailed') } }
export const Toggling: Story = { args: { view: at('toggling') } }
/** A new game: nobody has played yet (issue 34: an empty state instead of an empty table). */
export const NoParticipants: Story = {
  args: { view: at('ready', { participants: [], participantTotal: 0 }) },
}
export const Disabled: Story = { args: { view: at('ready', { info: { ...INFO, status: 'DISABLED' } }) } }
