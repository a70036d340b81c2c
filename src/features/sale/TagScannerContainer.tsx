// Placeholder of the loyalty issue's foundation commit: replaced by the screen itself.
export function TagScannerContainer(_props: { storeId: string; tagId: string }) {
  return null
}
