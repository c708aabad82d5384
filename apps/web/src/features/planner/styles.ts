// The planner's own component styles, loaded with it (first-load CSS stays small).
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/NumberInput.css';
