import { Box } from '@mantine/core';
import { paths } from '../../config/paths';
import { AccountCartSync } from './account-cart-sync';
import { CartRecheckSync } from './cart-recheck-sync';
import { CatalogueDownload } from './catalogue-download';
import { InstallOffer } from './install-offer';
import { OfflineBanner } from './offline-banner';
import { OutboxSync } from './outbox-sync';
import { offersCatalogueDownload } from './catalogue-download-placement';
import { usePathname, type LocationSource } from './location-source';
import { useStorageState } from './storage-persistence';
import { UpdatePrompt } from './update-prompt';

/**
 * Everything the app says about itself as an app. The offline notice and the update prompt are
 * pinned to the bottom of the screen; the install offer sits after the page, where it never covers
 * a button; the catalogue download (with the storage line) only where it helps
 * (catalogue-download-placement.ts). Mounted
 * beside the router (not inside a layout), so it is given the router to know the current path.
 */
export function PwaStatus({ router }: { router: LocationSource }) {
  const pathname = usePathname(router);
  // Asks the browser to keep the data where it helps, on every screen; shown beside the download.
  const storage = useStorageState();
  return (
    <>
      <OutboxSync />
      <AccountCartSync inCheckout={pathname.startsWith(paths.checkout)} />
      <CartRecheckSync />
      <InstallOffer />
      {offersCatalogueDownload({ pathname }) && <CatalogueDownload kept={storage} />}
      {/* data-avisos: the app-status UI is up (browser tests wait for it, not for a fixed time). */}
      <Box
        data-avisos=""
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        style={{ zIndex: 300, pointerEvents: 'none' }}
      >
        <Box style={{ pointerEvents: 'auto' }}>
          <UpdatePrompt locationSource={router} />
          <OfflineBanner />
        </Box>
      </Box>
    </>
  );
}
