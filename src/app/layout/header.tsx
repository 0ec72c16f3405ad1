import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { STORE_NAME } from '../../domain/store';
import { SearchBox } from '../../features/catalogue/components/search-box';
import { AccountLink } from './account-link';
import { CartLink } from './cart-link';
import { CategoryBar } from './category-bar';
import { LogoMark } from './icons';
import { MobileMenu } from './mobile-menu';
import classes from './header.module.css';

/**
 * The header of every page but checkout (spec §2): logo, search, account block and cart; the
 * category bar from 768 px, the menu button and drawer below it, the search beneath under 600 px.
 */
export function Header() {
  const [menuOpened, menu] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <div className={classes.bar}>
        <Burger
          className={classes.menu}
          opened={menuOpened}
          onClick={menu.toggle}
          aria-label="Menu"
          aria-expanded={menuOpened}
          aria-controls="menu-principal"
          size="md"
        />
        <Link
          to={paths.home}
          className={`${classes.logo} ${classes.logoLink}`}
          aria-label={`${STORE_NAME}: página inicial`}
        >
          <LogoMark />
          <span>{STORE_NAME}</span>
        </Link>
        <div className={classes.search}>
          <SearchBox />
        </div>
        <div className={classes.account}>
          <AccountLink />
        </div>
        <CartLink className={classes.cart} />
      </div>
      <CategoryBar />
      <MobileMenu opened={menuOpened} onClose={menu.close} />
    </header>
  );
}
