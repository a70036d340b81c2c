export * from './onboarding.machine'
export { type OnboardingStepView, type OnboardingView, toOnboardingView } from './onboarding.view'
