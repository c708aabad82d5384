// The plan's own component styles beyond the app's and the mission's: its progress bars and field groups.
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Fieldset.css';
