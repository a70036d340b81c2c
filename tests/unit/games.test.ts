// Games' domain (issue 22): the §5 rules with their messages, the wizard's steps, the wheel's slices
// sized by weight with "lose" as the remainder, and the landing angle that puts the result under the
// pointer.
import { describe, expect, it } from 'vitest'
import {
  expectedWins,
  gameStatus,
  landingRotation,
  loseUnits,
  sliceIndexOf,
  slicePath,
  wheelSlices,
} from '../../src/domain/game-wheel'
import {
  emptyGame,
  emptyReward,
  type GameInput,
  gameRuleErrors,
  isLink,
  stepErrors,
} from '../../src/domain/games'

const valid = (over: Partial<GameInput> = {}): GameInput => ({
  ...emptyGame('2026-12-01'),
  name: 'Roue',
  action: 'STORE_OPENING',
  storeInfos: [{ storeId: 's1' }],
  rewards: [{ ...emptyReward('POINTS'), name: 'Café', weight: 30 }],
  ...over,
})
const keys = (g: GameInput) => gameRuleErrors(g).map((e) => `${e.field}:${e.key}`)

describe('game rules (§5)', () => {
  it('accepts a complete game', () => expect(gameRuleErrors(valid())).toEqual([]))

  it('requires a name, a store and a start date with the three messages', () => {
    expect(keys(valid({ name: ' ', storeInfos: [], startDate: '' }))).toEqual([
      'name:nameRequired',
      'storeInfos:storeRequired',
      'startDate:startDateRequired',
    ])
  })

  it('start before end; valid links for the action', () => {
    expect(keys(valid({ endDate: '2026-11-30' }))).toEqual(['endDate:endBeforeStart'])
    expect(keys(valid({ endDate: '2026-12-01' }))).toEqual([])
    expect(keys(valid({ action: 'GOOGLE' }))).toEqual(['storeInfos.0.googleLink:linkInvalid'])
    expect(
      keys(valid({ action: 'GOOGLE', storeInfos: [{ storeId: 's', googleLink: 'https://g.page/r/x' }] })),
    ).toEqual([])
    expect(keys(valid({ action: 'FACEBOOK', actionUrl: 'ftp://x' }))).toEqual(['actionUrl:linkInvalid'])
    expect(isLink('https://instagram.com/maison')).toBe(true)
    expect(isLink('javascript:alert(1)')).toBe(false)
  })

  it('weights total at most 100 %, exactly 100 % when the game cannot be lost', () => {
    const r = (weight: number) => ({ ...emptyReward('POINTS'), name: 'x', weight })
    expect(keys(valid({ rewards: [r(60), r(50)] }))).toEqual(['rewards:weightsOver100'])
    expect(
      keys(valid({ rewards: [r(60), r(30)], settings: { canLoose: false, onlyNewClients: false } })),
    ).toEqual(['rewards:weightsNot100'])
    expect(
      keys(valid({ rewards: [r(60), r(40)], settings: { canLoose: false, onlyNewClients: false } })),
    ).toEqual([])
    expect(keys(valid({ rewards: [r(0.125)] }))).toEqual(['rewards.0.weight:weightInvalid'])
    expect(keys(valid({ rewards: [] }))).toEqual(['rewards:rewardRequired'])
  })

  it('a reward is complete for its type', () => {
    const coupon = { ...emptyReward('COUPON'), name: 'Dessert', weight: 10 }
    expect(keys(valid({ rewards: [coupon] }))).toEqual(['rewards.0.coupon.name:couponNameRequired'])
    coupon.coupon = { ...coupon.coupon!, name: 'Dessert', type: 'percentage', value: 120 }
    expect(keys(valid({ rewards: [coupon] }))).toEqual(['rewards.0.coupon.value:percentage'])
    expect(keys(valid({ rewards: [{ ...emptyReward('POINTS'), name: 'x', points: 0 }] }))).toEqual([
      'rewards.0.points:pointsRequired',
    ])
  })

  it('splits the errors by wizard step', () => {
    const g = valid({ name: '', rewards: [], startDate: '' })
    expect(stepErrors(g, 'wheel').map((e) => e.key)).toEqual(['nameRequired'])
    expect(stepErrors(g, 'rewards').map((e) => e.key)).toEqual(['rewardRequired'])
    expect(stepErrors(g, 'duration').map((e) => e.key)).toEqual(['startDateRequired'])
  })
})

describe('the wheel', () => {
  const rewards = [
    { id: 'a', name: 'A', weight: 50 },
    { id: 'b', name: 'B', weight: 25 },
  ]

  it('sizes slices by weight, lose last as the remainder', () => {
    const s = wheelSlices(rewards, 'Perdu')
    expect(s.map((x) => [x.rewardId, x.label, x.start, x.end])).toEqual([
      ['a', 'A', 0, 180],
      ['b', 'B', 180, 270],
      [null, 'Perdu', 270, 360],
    ])
    expect(loseUnits([50, 25])).toBe(2500)
    expect(wheelSlices([{ id: 'a', name: 'A', weight: 100 }], 'Perdu')).toHaveLength(1)
    // A reward without weight yet: the whole wheel is "lose".
    const draft = wheelSlices([{ id: 'a', name: 'A', weight: 0 }], 'Perdu')
    expect(draft.map((x) => x.end - x.start)).toEqual([0, 360])
  })

  it('lands the pointer on the result slice', () => {
    const s = wheelSlices(rewards, 'Perdu')
    for (const id of ['a', 'b', null]) {
      const slice = s[sliceIndexOf(s, id)]!
      const rotation = landingRotation(slice, 5)
      expect(rotation).toBeGreaterThanOrEqual(5 * 360)
      // The pointer (top) reads the wheel at angle (360 - rotation mod 360).
      const under = (360 - (rotation % 360)) % 360
      expect(under).toBeGreaterThan(slice.start)
      expect(under).toBeLessThan(slice.end)
    }
  })

  it('draws slice paths, statuses and expected counts', () => {
    expect(slicePath(100, 90, 0, 90)).toMatch(/^M 100 100 L 100.000 10.000 A 90 90 0 0 1 190.000 100.000 Z$/)
    expect(gameStatus({ isDisabled: false, endDate: null }, '2026-01-01')).toBe('ACTIVE')
    expect(gameStatus({ isDisabled: false, endDate: '2025-12-31' }, '2026-01-01')).toBe('ENDED')
    expect(gameStatus({ isDisabled: true, endDate: null }, '2026-01-01')).toBe('DISABLED')
    expect(expectedWins(12.5, 40)).toBe(5)
  })
})
