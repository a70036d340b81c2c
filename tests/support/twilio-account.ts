// The fake Twilio account (tests/support/fake-twilio.ts), apart from the fake itself: the crash test's
// worker process (campaign-worker.ts) needs the credentials, not the fake's Vitest hooks (0.3 s of CPU
// at each of its dozens of starts).
export const TWILIO_SID = `AC${'0'.repeat(31)}1`
export const TWILIO_TOKEN = 'twilio-test-auth-token'
