// Accessibility in both themes (issue 17): the signed-in shell and the offers calendar at the journeys'
// two widths, the create-sale dialog, administration. The suite is tests/support/a11y-suite.ts.
import { a11ySuite } from '../support/a11y-suite'

a11ySuite('shell')
