// The task detail's own component styles, loaded with it (it may open without the mission view).
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Tooltip.css';
