// The Mantine sheets of the public pages' own parts (the landing page's cards and badges and the
// question its registration form asks before it is left, the FAQ's accordion, the public
// header's menu button and drawer), loaded with their layout rather than by every first paint:
// /login and the recovery pages do without these 2.9 KiB. The signed-in app uses them too
// (src/app/app-styles.ts imports this file), and the customer's receipt page for its badge.
import '@mantine/core/styles/Accordion.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
