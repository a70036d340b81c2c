// The calendar day of an instant in a time zone, 'YYYY-MM-DD': the franchise's "today" for the news, the
// analytics and the campaign editor. A module of its own without dependencies (the public scan page
// takes it through news.ts). One formatter per zone, made once: making one costs tens of µs, and a
// list, a calendar or a machine's guards ask for "today" thousands of times (issue 36 §6).
const formatters = new Map<string, Intl.DateTimeFormat>()

export function todayIn(timeZone: string, now = new Date()): string {
  let format = formatters.get(timeZone)
  if (!format) {
    // en-CA writes the day as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, format)
  }
  return format.format(now)
}
