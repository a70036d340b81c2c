import { type ComponentType, lazy } from 'react'

/** A lazy component from one named export of a module loaded by `load`. */
export function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  // biome-ignore lint/suspicious/noExplicitAny: lazy() takes any component; the cast gives back M[K]'s props
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> })) as M[K]
}
