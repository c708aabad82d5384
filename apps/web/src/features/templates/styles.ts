// The template screens' own component styles, loaded with them (first-load CSS stays small).
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Table.css';
