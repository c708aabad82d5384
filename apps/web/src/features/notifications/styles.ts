// The notification panel's own component styles, loaded with it (first-load CSS stays small).
import '@mantine/core/styles/Drawer.css';
