// Placeholder of the loyalty issue's foundation commit: replaced by the screen itself.
export function ScanContainer(_props: { uid: string }) {
  return null
}
