// The ui project's files share their modules within a worker (isolate: false). A lazily imported chunk
// keeps the first module it resolved, so a file that mocks it its own way hands its stand-in to every
// later file of the worker: analytics.test.tsx found the demo's empty chart in some full runs only,
// when demo.test.tsx ran before it. Such a module is mocked once, by the shared setup, for every file.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { sourceFiles } from '../support/source-files'

const mockedIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/vi\.(?:do)?[mM]ock\(\s*['"`]([^'"`]+)['"`]/g)].map((m) =>
    m[1]!.replace(/^(\.\.\/)+/, ''),
  )

it('leaves the modules the shared ui setup mocks to it alone', () => {
  const shared = mockedIn('tests/support/ui-setup.ts')
  expect(shared).toContain('src/features/analytics/EChart')
  const again = sourceFiles('tests/ui', /\.tsx?$/).flatMap((file) =>
    mockedIn(file)
      .filter((m) => shared.includes(m))
      .map((m) => `${file}: ${m}`),
  )
  expect(again).toEqual([])
})
