// The franchise page (/pages/franchise): being built in this issue; until then, the section's empty state.
import { SectionPage } from '../shell/SectionPage'
import { sectionEntry } from '../shell/sections'

export function FranchiseContainer() {
  return <SectionPage entry={sectionEntry('franchise')} />
}
