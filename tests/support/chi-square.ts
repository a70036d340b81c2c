// Pearson's chi-square goodness-of-fit test, for the draw's statistical test (issue 22): the statistic
// of observed against expected counts, and its p-value from the regularised upper incomplete gamma
// function (series below a + 1, Lentz's continued fraction above; Numerical Recipes §6.2).

function logGamma(x: number): number {
  const c = [
    76.18009172947146, -86.50532032941678, 24.01409824083091, -1.231739572450155, 0.001208650973866179,
    -0.000005395239384953,
  ]
  let y = x
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5)
  let ser = 1.000000000190015
  for (const k of c) ser += k / ++y
  return -tmp + Math.log((Math.sqrt(2 * Math.PI) * ser) / x)
}

/** Q(a, x) = Γ(a, x) / Γ(a). */
function upperGamma(a: number, x: number): number {
  if (x <= 0) return 1
  const gln = logGamma(a)
  if (x < a + 1) {
    let sum = 1 / a
    let del = sum
    for (let n = 1; n < 1000; n++) {
      del *= x / (a + n)
      sum += del
      if (Math.abs(del) < Math.abs(sum) * 1e-15) break
    }
    return 1 - sum * Math.exp(-x + a * Math.log(x) - gln)
  }
  const tiny = 1e-300
  let b = x + 1 - a
  let c = 1 / tiny
  let d = 1 / b
  let h = d
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < tiny) d = tiny
    c = b + an / c
    if (Math.abs(c) < tiny) c = tiny
    d = 1 / d
    const del = d * c
    h *= del
    if (Math.abs(del - 1) < 1e-15) break
  }
  return Math.exp(-x + a * Math.log(x) - gln) * h
}

/** The statistic and its p-value with (categories − 1) degrees of freedom. */
export function chiSquare(observed: readonly number[], expected: readonly number[]) {
  const statistic = observed.reduce((s, o, i) => s + (o - expected[i]!) ** 2 / expected[i]!, 0)
  const df = observed.length - 1
  return { statistic, df, p: upperGamma(df / 2, statistic / 2) }
}
