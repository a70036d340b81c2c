export function CalendarContainer() {
  return null
}
