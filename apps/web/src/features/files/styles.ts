/** The styles of the Mantine parts the files screens use beyond the app's own set. */
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';
import '@mantine/dropzone/styles.css';
