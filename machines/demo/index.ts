export { type DemoContext, type DemoEvent, demoMachine } from './demo.machine'
export { type DemoView, toDemoView } from './demo.view'
