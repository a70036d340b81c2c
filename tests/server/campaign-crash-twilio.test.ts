// Issue 18's crash test through the Twilio API (no key: the outbox row and Twilio's list by number): tests/support/campaign-crash.ts.
import { describeCampaignCrash } from '../support/campaign-crash'

describeCampaignCrash('twilio')
