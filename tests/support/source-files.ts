// The project's source files under a folder, for the tests that read the code itself (feature
// boundaries, import cycles, one clock, the campaign lifecycle's one writer).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Every file under `dir` whose name `match`es, in folders `enter` lets in (all by default). */
export function sourceFiles(
  dir: string,
  match: RegExp = /\.(ts|tsx)$/,
  enter: (folder: string) => boolean = () => true,
): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return enter(e.name) ? sourceFiles(path, match, enter) : []
    return match.test(e.name) ? [path] : []
  })
}
