// The money screens' own component styles, loaded with them (first-load CSS stays small).
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
