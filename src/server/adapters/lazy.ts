// A value made by its first caller and shared by the next ones: the providers' SDKs and clients are
// loaded at the adapter's first call, not by every process that starts the adapters.
export function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => {
    made ??= make()
    return made
  }
}
