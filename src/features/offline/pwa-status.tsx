import { Box } from '@mantine/core';
import { CartRecheckSync } from './cart-recheck-sync';
import { CatalogueDownload } from './catalogue-download';
import { InstallOffer } from './install-offer';
import { OfflineBanner } from './offline-banner';
import { OutboxSync } from './outbox-sync';
import { UpdatePrompt, type LocationSource } from './update-prompt';

/**
 * Everything the app says about itself as an app, on every screen (checkout included). The offline
 * notice and the update prompt are pinned to the bottom of the screen; the install offer sits after
 * the page, where it never covers a button. Mounted beside the router (not inside a layout), so it
 * is given the router to know the current path.
 */
export function PwaStatus({ router }: { router: LocationSource }) {
  return (
    <>
      <OutboxSync />
      <CartRecheckSync />
      <InstallOffer />
      <CatalogueDownload />
      <Box pos="fixed" bottom={0} left={0} right={0} style={{ zIndex: 300, pointerEvents: 'none' }}>
        <Box style={{ pointerEvents: 'auto' }}>
          <UpdatePrompt locationSource={router} />
          <OfflineBanner />
        </Box>
      </Box>
    </>
  );
}
