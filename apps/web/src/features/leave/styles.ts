/** The styles of the Mantine parts the leave screens use beyond the app's own set. */
import '@mantine/core/styles/Table.css';
import '@mantine/dropzone/styles.css';
