// Store owners management (/pages/owners): being built in this issue; until then, the section's empty state.
import { SectionPage } from '../shell/SectionPage'
import { sectionEntry } from '../shell/sections'

export function OwnersContainer() {
  return <SectionPage entry={sectionEntry('owners')} />
}
