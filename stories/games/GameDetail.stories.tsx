// The game detail page in each state of its machine (issue 22).
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type GameDetailContext, gameDetailMachine } from '../../machines/game-detail/game-detail.machine'
import { toGameDetailView } from '../../machines/game-detail/game-detail.view'
import type { GameInfo, GameReward } from '../../src/domain/games'
import { GameDetailPage } from '../../src/features/games/GameDetailPage'

const ID = '11111111-1111-4111-8111-111111111111'
const INFO: GameInfo = {
  id: ID,
  franchiseId: '22222222-2222-4222-8222-222222222222',
  name: 'Roue de Noël',
  type: 'WHEEL',
  action: 'GOOGLE',
  actionUrl: null,
  storeInfos: [
    {
      storeId: '33333333-3333-4333-8333-333333333331',
      storeName: 'Lyon',
      googleLink: 'https://g.page/r/lyon',
    },
  ],
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  status: 'ACTIVE',
  settings: { canLoose: true, onlyNewClients: false },
  participants: 40,
  dateCreated: '2026-11-20T10:00:00.000Z',
}
const REWARDS: GameReward[] = [
  {
    id: 'r1',
    name: 'Café',
    type: 'POINTS',
    points: 10,
    coupon: null,
    weight: 25,
    isDisabled: false,
    won: 9,
    expected: 10,
  },
  {
    id: 'r2',
    name: 'Dessert',
    type: 'COUPON',
    points: null,
    coupon: { name: 'Dessert offert', type: 'product', value: null, validity: { value: 1, unit: 'months' } },
    weight: 10,
    isDisabled: false,
    won: 5,
    expected: 4,
  },
]
const PARTICIPANTS = [
  {
    id: 'p1',
    clientId: 'c1',
    firstName: 'Marie',
    phone: '+33612345678',
    storeName: 'Lyon',
    rewardName: 'Café',
    playedAt: '2026-12-02T10:00:00.000Z',
  },
  {
    id: 'p2',
    clientId: 'c2',
    firstName: 'Paul',
    phone: null,
    storeName: 'Lyon',
    rewardName: null,
    playedAt: '2026-12-02T11:00:00.000Z',
  },
]
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
export const Disabled: Story = { args: { view: at('ready', { info: { ...INFO, status: 'DISABLED' } }) } }
