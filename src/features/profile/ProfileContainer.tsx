// The profile (/pages/profile): being built in this issue; until then, the section's empty state.
import { SectionPage } from '../shell/SectionPage'
import { sectionEntry } from '../shell/sections'

export function ProfileContainer() {
  return <SectionPage entry={sectionEntry('profile')} />
}
