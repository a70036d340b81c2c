// The game history page in each state of its machine (issue 22).
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type GameHistoryContext, gameHistoryMachine } from '../../machines/game-history/game-history.machine'
import { toGameHistoryView } from '../../machines/game-history/game-history.view'
import { DEFAULT_GAME_QUERY } from '../../machines/game-history/query'
import type { GameSummary } from '../../src/domain/games'
import { GameHistoryPage } from '../../src/features/games/GameHistoryPage'

const game = (n: number, over: Partial<GameSummary> = {}): GameSummary => ({
  id: `11111111-1111-4111-8111-00000000000${n}`,
  name: `Roue ${n}`,
  type: 'WHEEL',
  action: 'GOOGLE',
  status: 'ACTIVE',
  startDate: '2026-12-01',
  endDate: null,
  participants: 120 * n,
  rewardsGiven: 45 * n,
  dateCreated: '2026-11-20T10:00:00.000Z',
  ...over,
})
const ROWS = [
  game(1, { name: 'Roue de Noël' }),
  game(2, { name: 'Avis Google', status: 'ENDED', endDate: '2026-11-30' }),
  game(3, { name: 'Instagram', action: 'INSTAGRAM', status: 'DISABLED' }),
]
const at = (value: 'loading' | 'ready' | 'failed', over: Partial<GameHistoryContext> = {}) =>
  toGameHistoryView(
    gameHistoryMachine.resolveState({
      value,
      context: { query: DEFAULT_GAME_QUERY, searchInput: '', requestId: 1, rows: ROWS, total: 3, ...over },
    }),
  )

const meta = {
  title: 'Pages/Games/History',
  component: GameHistoryPage,
  parameters: { layout: 'padded' },
  args: { view: at('ready'), send: () => {} },
} satisfies Meta<typeof GameHistoryPage>

export default meta
type Story = StoryObj<typeof meta>

export const Ready: Story = {}
export const Loading: Story = { args: { view: at('loading', { rows: [], total: 0 }) } }
export const Empty: Story = { args: { view: at('ready', { rows: [], total: 0 }) } }
/** §8 'Error fetching games': the list is emptied, with a retry. */
export const Failed: Story = { args: { view: at('failed', { rows: [], total: 0 }) } }
