// The team screens' own component styles, loaded with them (first-load CSS stays small).
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Fieldset.css';
