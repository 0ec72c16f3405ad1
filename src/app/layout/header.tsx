import { lazy, Suspense, useEffect, useState } from 'react';
import { Burger, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { STICKY_HEADER_ATTRIBUTE } from '../../browser/scroll-below-header';
import { paths } from '../../config/paths';
import { STORE_NAME } from '../../domain/store';
import { SearchBox } from '../../features/catalogue/components/search-box';
import { useTablet } from '../../features/store-mode/api/tablet';
import { StoreBadge } from '../../features/store-mode/components/store-badge';
import { StaffBadge } from '../../features/store-mode/components/staff-badge';
import { AccountLink } from './account-link';
import { CartLink } from './cart-link';
import { CategoryBar } from './category-bar';
import { LogoMark } from './icons';
import classes from './header.module.css';

// The drawer (Mantine Drawer, Accordion, focus trap, scroll lock) stays off the first route's
// JavaScript: it loads when a phone's browser is idle, or on the first tap at the latest.
const loadMobileMenu = () => import('./mobile-menu');
// The camera button (a Modal, the scanner) exists only on paired store tablets: off everyone's first route.
const BarcodeButton = lazy(() =>
  import('../../features/store-mode/components/barcode-button').then((module) => ({
    default: module.BarcodeButton,
  })),
);
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));
const PHONE_MENU_QUERY = '(max-width: 47.99em)';

function usePrefetchMobileMenu() {
  useEffect(() => {
    if (!window.matchMedia?.(PHONE_MENU_QUERY).matches) return;
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadMobileMenu());
    return () => cancel(handle);
  }, []);
}

/**
 * The header of every page but checkout: logo, search, account block and cart; the
 * category bar from 768 px, the menu button and drawer below it, the search beneath under 600 px.
 */
export function Header() {
  const [menuOpened, setMenuOpened] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  usePrefetchMobileMenu();
  const tablet = useTablet();
  return (
    <header className={classes.header} {...{ [STICKY_HEADER_ATTRIBUTE]: '' }}>
      {/* A paired tablet's store tools take a place of their own in the bar (header.module.css). */}
      <div className={classes.bar} data-store-tools={tablet ? '' : undefined}>
        {/* Mantine's Burger look, with its lines in a <span>: Burger draws them in a <div>, which a
            <button> may not hold (invalid HTML). */}
        <UnstyledButton
          className={`${classes.menu} ${Burger.classes.root}`}
          onClick={() => {
            setMenuUsed(true);
            setMenuOpened((opened) => !opened);
          }}
          aria-label="Menu"
          aria-expanded={menuOpened}
          aria-controls={menuOpened ? 'menu-principal' : undefined}
        >
          <span className={Burger.classes.burger} data-reduce-motion data-opened={menuOpened || undefined} />
        </UnstyledButton>
        <Link
          to={paths.home}
          className={`${classes.logo} ${classes.logoLink}`}
          aria-label={`${STORE_NAME} - página inicial`}
        >
          <LogoMark />
          <span className={classes.logoText}>{STORE_NAME}</span>
        </Link>
        <div className={classes.search}>
          <SearchBox />
        </div>
        {tablet && (
          <div className={classes.storeTools}>
            <StoreBadge />
            <StaffBadge />
            <Suspense fallback={null}>
              <BarcodeButton />
            </Suspense>
          </div>
        )}
        <div className={classes.account}>
          <AccountLink />
        </div>
        <CartLink className={classes.cart} />
      </div>
      <CategoryBar />
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={() => setMenuOpened(false)} />
        </Suspense>
      )}
    </header>
  );
}
