// A page's first reads sent by the entry (issue 38 §7). A signed-in page asks for its data once the
// session call has answered and its chunk has loaded: round trips in sequence before its own. The
// browser remembers, per address, the reads a page made in the first seconds of its last visit (those
// src/api marks `early`: a page's first reads, free of side effects; not the session call, whose
// settings a save just before a reload must reach first); the entry sends them again at once, without
// waiting for the session, and a call of the page that matches one exactly (same path, query and
// token) takes its answer instead of asking again. Nothing else changes:
// the page's machine calls src/api as before, and an answer nobody takes is dropped (a store chosen
// since, another day: the page asks for its own). Kept small: it is part of the entry.
import { activeToken, readKey, writeKey } from './storage'

/** How long after the start the calls made are remembered for their address, and an early answer kept. */
export const EARLY_WINDOW_MS = 10_000
/** At most this many calls per address, and addresses remembered. */
const MAX_CALLS = 16
const MAX_ADDRESSES = 12

export type EarlyCall = { path: string; query?: Record<string, unknown> }
/** `day`: the browser's date when the call was made. */
type Remembered = { user: string; pages: Record<string, (EarlyCall & { day?: string })[]> }

const early = new Map<string, Promise<unknown>>()
/** This start's calls by address, while its window is open and its token still the one in use. */
let recording: { token: string; calls: Map<string, Remembered['pages'][string]> } | null = null

export const callKey = (token: string, path: string, query?: Record<string, unknown>) =>
  `${token} ${path} ${JSON.stringify(query ?? {})}`

const here = () => `${window.location.pathname}${window.location.search}`
/**
 * YYYY-MM-DD, the browser's own day, from the date's fields: `toLocaleDateString('sv')` gave the same
 * text through a Swedish date formatter, a locale the page has no other use for.
 */
const today = () => {
  const d = new Date()
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`
}
const DATE = /\d{4}-\d{2}-\d{2}/

/** A read naming a date (a period ending that day) was made for its day: another day asks otherwise. */
const isCurrent = (call: EarlyCall & { day?: string }) =>
  call.day === today() || !DATE.test(JSON.stringify(call.query ?? {}))

function remembered(): Remembered | null {
  try {
    const r = JSON.parse(readKey('earlyCalls') ?? 'null') as Remembered | null
    return r && r.user === readKey('userId') ? r : null
  } catch {
    return null
  }
}

/**
 * At the entry's start, signed in: sends the remembered calls of this address through `send` (the
 * client's own, without retries or the 401 alarm: the session's own call answers for the token), keeps their
 * answers for the page, and starts remembering this visit's calls.
 */
export function sendEarlyCalls(token: string, send: (call: EarlyCall) => Promise<unknown>): void {
  for (const call of (remembered()?.pages[here()] ?? []).filter(isCurrent)) {
    const answer = send(call)
    answer.catch(() => {})
    early.set(callKey(token, call.path, call.query), answer)
  }
  recording = { token, calls: new Map() }
  setTimeout(() => {
    early.clear()
    recording = null
  }, EARLY_WINDOW_MS)
}

/** The early answer of this exact call, once; undefined when none was sent (or it was taken). */
export function takeEarly(key: string): Promise<unknown> | undefined {
  const answer = early.get(key)
  early.delete(key)
  return answer
}

/** A read the page made while the start's window is open, remembered for the address it was made at. */
export function noteCall(call: EarlyCall): void {
  // Signed out, or another user signed in, since the start: nothing more is remembered.
  if (recording && recording.token !== activeToken()) recording = null
  if (!recording) return
  const calls = recording.calls.get(here()) ?? []
  if (calls.length >= MAX_CALLS) return
  calls.push({ ...call, day: today() })
  recording.calls.set(here(), calls)
  // Kept soon (a visit may end before the window does), once for the calls a page makes together.
  if (!saving) {
    saving = true
    setTimeout(saveRecording, 0)
  }
}

let saving = false

/** This start's lists replace the last ones' for their addresses. */
function saveRecording() {
  saving = false
  const user = readKey('userId')
  if (!recording || !user) return
  const pages = { ...(remembered()?.pages ?? {}) }
  for (const [address, list] of recording.calls) {
    delete pages[address]
    pages[address] = list
  }
  const kept = Object.entries(pages).slice(-MAX_ADDRESSES)
  writeKey('earlyCalls', JSON.stringify({ user, pages: Object.fromEntries(kept) } satisfies Remembered))
}
