/** The styles of the Mantine parts the expenses screens use beyond the app's own set. */
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/dropzone/styles.css';
