// Each page area (src/features/<area>) is its own chunk (issue 17): an area importing another would pull
// that area's code into its chunk, or both into one. Areas share through src/ui, src/domain, src/api and
// machines/; the route table (src/routes) composes them. Machines and src/ui import no area.
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files'

const root = resolve(import.meta.dirname, '../..')
const featuresDir = join(root, 'src/features')

/** Every module a file names: static imports and re-exports, `import type`, and `import()`. */
function specifiers(code: string): string[] {
  const found: string[] = []
  for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g))
    found.push(m[1] as string)
  for (const m of code.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push(m[1] as string)
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1] as string)
  return found
}

/** The area a path lies in, or null outside src/features. */
const areaOf = (path: string) => {
  const rel = relative(featuresDir, path)
  return rel.startsWith('..') ? null : (rel.split(sep)[0] ?? null)
}

/** "file → module" for each import of `files` that lands in another area than `own(file)`. */
function crossings(files: readonly string[], own: (file: string) => string | null) {
  return files.flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .filter((s) => {
        const target = areaOf(resolve(dirname(file), s))
        return target !== null && target !== own(file)
      })
      .map((s) => `${relative(root, file)} → ${s}`),
  )
}

describe('feature areas', () => {
  it('finds the imports of a file, whatever their form', () => {
    const code = [
      "import { a } from '../clients/parts'",
      "import type { B } from '../loyalty/logic'",
      "export { c } from '../owners/x'",
      "import '../shell/side-effect'",
      "const Page = lazy(() => import('../admin/Page'))",
    ].join('\n')
    expect(specifiers(code)).toEqual([
      '../clients/parts',
      '../loyalty/logic',
      '../owners/x',
      '../shell/side-effect',
      '../admin/Page',
    ])
  })

  it('no area imports another', () => {
    const files = sourceFiles(featuresDir)
    expect(files.length).toBeGreaterThan(50)
    expect(crossings(files, areaOf)).toEqual([])
  })

  it('machines/ and src/ui import no area', () => {
    const files = [...sourceFiles(join(root, 'machines')), ...sourceFiles(join(root, 'src/ui'))]
    expect(crossings(files, () => null)).toEqual([])
  })
})
