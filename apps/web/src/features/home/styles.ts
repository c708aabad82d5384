// The home's own component styles beyond the app's set: the placeholders shown while its lists load.
import '@mantine/core/styles/Skeleton.css';
