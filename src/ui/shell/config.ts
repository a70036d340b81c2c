// The shell's fixed facts in one place: the footer's support contact and company line (SPEC §1).
// (The navbar widths of §9, 64 folded and 280 unfolded, and the 960 px small-screen breakpoint are
// written as literals in the styles, because Panda extracts styles statically.)

/** Where merchants write for help (the footer's mailto link). */
export const SUPPORT_EMAIL = 'support@loyalty-backoffice.app'
/** The company line of the footer. */
export const COMPANY_NAME = 'Loyalty Back-office SAS'
