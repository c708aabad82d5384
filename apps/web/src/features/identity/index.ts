/** Signing in and up, email links and two-factor sign-in. */
export { LoginScreen } from './LoginScreen.tsx';
