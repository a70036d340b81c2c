import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import { createStyleContext } from 'styled-system/jsx'
import { tabs } from 'styled-system/recipes'

// Ark's Tabs give the tablist/tab/tabpanel roles, roving focus with arrow keys and the sliding
// indicator's geometry; the recipe styles them. Loyalty (my card / customers) is the first user.
const { withProvider, withContext } = createStyleContext(tabs)

const Root = withProvider(ArkTabs.Root, 'root')
const List = withContext(ArkTabs.List, 'list')
const Trigger = withContext(ArkTabs.Trigger, 'trigger')
const Content = withContext(ArkTabs.Content, 'content')
const Indicator = withContext(ArkTabs.Indicator, 'indicator')

export const Tabs = { Root, List, Trigger, Content, Indicator }
