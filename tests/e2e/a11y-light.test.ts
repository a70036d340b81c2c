// Accessibility of the main pages in the light theme (issue 17): the suite is tests/support/a11y-suite.ts.
import { a11ySuite } from '../support/a11y-suite'

a11ySuite('light')
