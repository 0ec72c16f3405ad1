// Only the Mantine CSS in use (docs/decisions/012-only-the-mantine-css-in-use.md: the whole stylesheet costs about
// 41 KiB gzip, this list about half). The shell's components and the layout primitives every
// screen uses are here; a screen that uses anything else imports that component's CSS file beside
// it (for example `import '@mantine/core/styles/Pagination.css'`), so it lands in that lazy route's
// CSS chunk. Missing CSS shows as an unstyled component, never as an error: check the screen.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// Layout and text primitives.
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/VisuallyHidden.css';
// Controls of the header, the drawer and forms; Popover and Combobox serve every Select, and the
// drawer pieces (Overlay, ModalBase, Drawer, Accordion) the phone menu and the listing filters.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Accordion.css';
// The offline catalogue download (in the shell for every page) shows a progress bar.
import '@mantine/core/styles/Progress.css';
// Toasts.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
// Our one global rule: a visible focus ring on text fields.
import './focus.css';
// The theme's CSS variables and hiddenFrom/visibleFrom classes (scripts/make-theme-css.ts), last
// as MantineProvider's own <style> elements were: after Mantine's default variables.
import './theme.css';
// The answers index.html's own script shows before the app has taken over (src/early).
import './early-answers.css';
