import { createRequire } from 'node:module'

// A value made by its first caller and shared by the next ones: the providers' SDKs and clients are
// loaded at the adapter's first call, not by every process that starts the adapters.
export function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => {
    made ??= make()
    return made
  }
}

/**
 * A package required at its first use, for a caller that must answer synchronously (a callback's
 * signature check): loaded then, once, rather than by every process that starts the adapters.
 */
export function requiredLazily<T>(specifier: string): () => T {
  let made: T | undefined
  return () => {
    made ??= createRequire(import.meta.url)(specifier) as T
    return made
  }
}
