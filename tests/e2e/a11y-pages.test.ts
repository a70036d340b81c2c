// Accessibility of the pages a user works in, in both themes (issue 17): the login page, a franchise
// owner's pages with the points dialog, the public scan page. The suite is tests/support/a11y-suite.ts.
import { a11ySuite } from '../support/a11y-suite'

a11ySuite('pages')
