// The wheel's draw (issue 22): 100,000 draws of the server's draw function (crypto.randomInt) for uneven
// weights with a lose share pass a chi-square test against the weights at p > 0.001; the same test
// fails a deliberately wrong weighting and a biased generator, so it can fail.
import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { WEIGHT_UNITS, weightUnits } from '../../src/domain/game-wheel'
import { drawReward } from '../../src/server/services/games-play'
import { chiSquare } from '../support/chi-square'

const N = 100_000
// Uneven weights with two decimals; lose is the remainder, 27.25 %.
const WEIGHTS = [35.5, 20, 12.25, 5]
const rewards = WEIGHTS.map((w, i) => ({ id: `r${i}`, weightUnits: weightUnits(w) }))
const lose = WEIGHT_UNITS - rewards.reduce((s, r) => s + r.weightUnits, 0)
const expected = [...rewards.map((r) => (N * r.weightUnits) / WEIGHT_UNITS), (N * lose) / WEIGHT_UNITS]

function counts(draw: () => { id: string } | null) {
  const out = new Array(rewards.length + 1).fill(0) as number[]
  for (let i = 0; i < N; i++) {
    const r = draw()
    out[r ? rewards.findIndex((x) => x.id === r.id) : rewards.length]! += 1
  }
  return out
}

describe('the wheel draw', () => {
  it('follows the weights: 100,000 draws pass chi-square at p > 0.001', () => {
    const observed = counts(() => drawReward(rewards))
    const { p, df } = chiSquare(observed, expected)
    expect(df).toBe(4)
    expect(p).toBeGreaterThan(0.001)
  })

  it('the same test rejects a wrong weighting and a biased generator', () => {
    const wrong = [30, 25.5, 12.25, 5].map((w, i) => ({ id: `r${i}`, weightUnits: weightUnits(w) }))
    expect(
      chiSquare(
        counts(() => drawReward(wrong)),
        expected,
      ).p,
    ).toBeLessThan(0.001)
    // A generator that never reaches the last tenth (the lose share shrinks).
    const biased = (max: number) => randomInt(Math.floor(max * 0.9))
    expect(
      chiSquare(
        counts(() => drawReward(rewards, biased)),
        expected,
      ).p,
    ).toBeLessThan(0.001)
  })

  it('the p-value function matches known chi-square quantiles', () => {
    // Critical values for p = 0.001 and p = 0.05 (df 4), and the median of df 1.
    const p = (x: number, df: number) => {
      const obs = new Array(df + 1).fill(1)
      obs[0] = 1 + Math.sqrt(x)
      return chiSquare(obs, new Array(df + 1).fill(1)).p
    }
    expect(p(18.467, 4)).toBeCloseTo(0.001, 4)
    expect(p(9.488, 4)).toBeCloseTo(0.05, 3)
    expect(p(0.4549, 1)).toBeCloseTo(0.5, 3)
  })

  it('never draws lose when the weights total 100 %', () => {
    const full = [60, 40].map((w, i) => ({ id: `f${i}`, weightUnits: weightUnits(w) }))
    expect(drawReward(full, () => WEIGHT_UNITS - 1)?.id).toBe('f1')
    expect(drawReward(full, () => 0)?.id).toBe('f0')
    expect(drawReward(rewards, () => WEIGHT_UNITS - 1)).toBeNull()
  })
})
