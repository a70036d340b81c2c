import { button } from './button'
import { dialog } from './dialog'
import { field } from './field'
import { input } from './input'
import { link } from './link'
import { passwordInput } from './password-input'
import { table } from './table'
import { tabs } from './tabs'
import { toast } from './toast'

export const recipes = { button, input, link }
export const slotRecipes = { dialog, field, passwordInput, table, tabs, toast }
