// Issue 18's crash test through the generic HTTP provider (its Idempotency-Key): tests/support/campaign-crash.ts.
import { describeCampaignCrash } from '../support/campaign-crash'

describeCampaignCrash('http')
