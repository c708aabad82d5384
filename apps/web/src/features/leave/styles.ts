/** The styles of the Mantine parts the leave screens use beyond the app's own set (the tracker opens from any screen). */
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Card.css';
import '@mantine/dropzone/styles.css';
