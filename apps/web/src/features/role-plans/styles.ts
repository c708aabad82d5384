/** The styles of the Mantine parts the role-plan tabs use beyond the app's own set. */
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
