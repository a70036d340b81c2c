// The stores list (/pages/stores/all): being built in this issue; until then, the section's empty state.
import { SectionPage } from '../shell/SectionPage'
import { sectionEntry } from '../shell/sections'

export function StoreListContainer() {
  return <SectionPage entry={sectionEntry('stores')} />
}
