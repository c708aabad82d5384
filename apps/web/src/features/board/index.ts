/** The project manager's board: planner, launchpad, vault and mission documents. */
export { BoardScreen } from './BoardScreen.tsx';
