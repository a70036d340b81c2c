// Placeholder of the loyalty issue's foundation commit: replaced by the screen itself.
export function PosIntegrationSection(_props: { storeId: string }) {
  return null
}
