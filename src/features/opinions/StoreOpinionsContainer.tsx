// A store's opinions (/pages/stores/:id/opinions): being built in this issue; until then, the section's empty state.
import { SectionPage } from '../shell/SectionPage'
import { sectionEntry } from '../shell/sections'

export function StoreOpinionsContainer({ id }: { id: string }) {
  void id
  return <SectionPage entry={sectionEntry('stores')} />
}
