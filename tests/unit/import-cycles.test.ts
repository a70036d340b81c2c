// Issue 36 §4: no import cycle in the front end and the machines. A cycle makes a module's value
// depend on which side loaded first (an undefined import at start-up) and ties two chunks together.
// Type-only imports are erased by the compiler and do not count; `import()` does (a lazy chunk that
// imports its loader back is still a cycle of modules).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files'

const root = resolve(import.meta.dirname, '../..')
const DIRS = ['src', 'machines'].map((d) => join(root, d))

const sources = (dir: string) => sourceFiles(dir, /(?<!\.d)\.tsx?$/)

/** The relative modules a file loads at run time: static imports and re-exports that are not type-only, and `import()`. */
function runtimeSpecifiers(code: string): string[] {
  const found: string[] = []
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"](\.[^'"]*)['"]/g
  for (const m of code.matchAll(statement)) {
    if (m[2]) continue // import type … / export type …
    const names = /\{([^}]*)\}/.exec(m[3] ?? '')
    const onlyTypes =
      names &&
      !/^\s*\w+\s*,/.test(m[3] ?? '') &&
      names[1]!.split(',').every((n) => !n.trim() || /^\s*type\s/.test(n))
    if (onlyTypes) continue
    found.push(m[4] as string)
  }
  for (const m of code.matchAll(/(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g)) found.push(m[1] as string)
  for (const m of code.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) found.push(m[1] as string)
  return found
}

const resolveFrom = (file: string, spec: string): string | undefined => {
  const base = resolve(dirname(file), spec)
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return undefined
}

/** Every cycle's modules (strongly connected components of more than one module, or a self-import). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indexOf = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (v: string) => {
    indexOf.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!))
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v)
  return cycles
}

describe('import cycles', () => {
  it('reads which imports load a module at run time', () => {
    const code = [
      "import type { A } from './a'",
      "import { type B, type C } from './b'",
      "import { type D, e } from './c'",
      "import f, { type G } from './d'",
      "export { h } from './e'",
      "export type { I } from './f'",
      "const page = () => import('./g')",
      "import './h.css'",
      "import { x } from 'react'",
    ].join('\n')
    expect(runtimeSpecifiers(code)).toEqual(['./c', './d', './e', './h.css', './g'])
  })

  it('finds a cycle of two and of three modules, not a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c', 'f']],
      ['f', []],
    ])
    expect(cyclesOf(graph)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ])
  })

  it('src and machines have none', () => {
    const graph = new Map<string, string[]>()
    for (const file of DIRS.flatMap(sources)) {
      const deps = runtimeSpecifiers(readFileSync(file, 'utf8'))
        .map((spec) => resolveFrom(file, spec))
        .filter((p): p is string => p !== undefined)
      graph.set(file, deps)
    }
    expect(graph.size).toBeGreaterThan(500)
    expect(cyclesOf(graph).map((c) => c.map((f) => relative(root, f)).join(' ⇄ '))).toEqual([])
  })
})
