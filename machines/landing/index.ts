export { landingPhoneCode } from './landing.actors'
export { landingErrors, landingMachine } from './landing.machine'
export { type LandingView, toLandingView } from './landing.view'
