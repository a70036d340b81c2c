import type { Meta, StoryObj } from '@storybook/react-vite'
import { isLocale } from '../../src/domain/locale'
import { ShellStory } from './ShellStory'

// The app shell of SPEC §1 on the real session and preferences machines. The language follows the
// toolbar's "Language" global; each story sets its own layout preferences.
const meta = {
  title: 'Shell/App shell',
  component: ShellStory,
  parameters: { layout: 'fullscreen' },
  args: { role: 'franchiseOwner' },
  render: (args, context) => (
    <ShellStory {...args} locale={isLocale(context.globals.locale) ? context.globals.locale : 'fr'} />
  ),
} satisfies Meta<typeof ShellStory>

export default meta
type Story = StoryObj<typeof meta>

/** §9 default layout: a left, folded navbar (icons with tooltips), the toolbar and the footer. */
export const FranchiseOwnerFolded: Story = {}

/** The navbar unfolded (280 px): labels and group headings. */
export const FranchiseOwnerUnfolded: Story = { args: { preferences: { navbarFolded: false } } }

/** A store owner: no CRM, automated marketing, franchise or owners; games only with the GAME feature. */
export const StoreOwner: Story = { args: { role: 'storeOwner', preferences: { navbarFolded: false } } }

/** A manual-amount franchise: the create-sale button. */
export const ManualAmountOwner: Story = {
  args: { role: 'manualAmountOwner', preferences: { navbarFolded: false } },
}

/** An admin: administration only, no store selector. */
export const Admin: Story = {
  args: { role: 'admin', path: '/pages/admin/dashboard', preferences: { navbarFolded: false } },
}

/** A registered user (terms not accepted): the validation entry only. */
export const Registered: Story = {
  args: { role: 'registered', path: '/pages/dashboards/analytics', preferences: { navbarFolded: false } },
}

/** An admin acting as a merchant: the banner with the way back to administration. */
export const Impersonation: Story = { args: { role: 'impersonated', preferences: { navbarFolded: false } } }

/** Dark theme. */
export const DarkTheme: Story = {
  args: { preferences: { theme: 'dark', navbarFolded: false } },
  globals: { theme: 'dark' },
}

/** The horizontal layout: the navigation in a bar under the toolbar, groups as menus. */
export const HorizontalLayout: Story = { args: { preferences: { layout: 'horizontal' } } }

/** Right-to-left: the navbar and drawers change sides. */
export const RightToLeft: Story = { args: { preferences: { direction: 'rtl', navbarFolded: false } } }

/** The store selector is hidden under the stores area. */
export const StoresArea: Story = { args: { path: '/pages/stores/all', preferences: { navbarFolded: false } } }

/** Small screens: the navbar is a temporary drawer opened from the toolbar. */
export const MobileDrawerOpen: Story = {
  args: { panel: 'navigation' },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
}

/** The layout settings panel: layout, theme, direction and animations. */
export const SettingsPanelOpen: Story = { args: { panel: 'settings' } }

/** The quick panel: today's date, the user's shortcuts and links to every visible entry. */
export const QuickPanelOpen: Story = { args: { panel: 'quickPanel' } }
