// Placeholder of the loyalty issue's foundation commit: replaced by the screen itself.
export function LoyaltyContainer() {
  return null
}
