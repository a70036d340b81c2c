// One store (/pages/stores/:id): being built in this issue; until then, the section's empty state.
import { SectionPage } from '../shell/SectionPage'
import { sectionEntry } from '../shell/sections'

export function StoreContainer({ id }: { id: string }) {
  void id
  return <SectionPage entry={sectionEntry('stores')} />
}
