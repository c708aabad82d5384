// The board's own component styles, loaded with it (first-load CSS stays small).
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
