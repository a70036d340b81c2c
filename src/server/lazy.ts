// Values made at their first use and shared by the next ones: the providers' SDKs and clients, and the
// libraries only some requests need, are loaded then, not by every process start (the crash, chaos and
// e2e tests start servers and workers dozens of times: issue 36 §6).
import { createRequire } from 'node:module'

/** A value made by its first caller and shared by the next ones. */
export function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => {
    made ??= make()
    return made
  }
}

/**
 * A package required at its first use, for a caller that must answer synchronously (a callback's
 * signature check, a holiday rule): loaded then, once.
 */
export function requiredLazily<T>(specifier: string): () => T {
  let made: T | undefined
  return () => {
    made ??= createRequire(import.meta.url)(specifier) as T
    return made
  }
}
