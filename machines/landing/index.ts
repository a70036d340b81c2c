export { landingErrors, landingMachine } from './landing.machine'
export { type LandingView, toLandingView } from './landing.view'
