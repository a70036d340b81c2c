export {
  PROFILE_NAME_MAX,
  type ProfileContext,
  type ProfileEvent,
  type ProfileInput,
  profileMachine,
} from './profile.machine'
export { type ProfileView, toProfileView } from './profile.view'
