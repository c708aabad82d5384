/** My space: a person's profile, appearance, email addresses and two-factor sign-in. */
export { MySpaceScreen } from './MySpaceScreen.tsx';
