/** A person's home: the task master, work and to-do panels. */
export { HomeScreen } from './HomeScreen.tsx';
