import { useState } from 'react';
import { Accordion, Drawer } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { categoryMenu } from '../../domain/categories';
import { useSessionValue } from '../../storage/session-keys';
import { AccountLink } from './account-link';
import { CategoryLinks } from './category-links';
import classes from './mobile-menu.module.css';

const MENU = categoryMenu('mobile');

/** Under 768 px the drawer slides from the left, 80% wide, below the 80 px header, in 300 ms. */
export const MOBILE_MENU = { headerOffsetPx: 80, width: '80%', transitionMs: 300 } as const;

/**
 * The slide-out menu: account entry, six accordion groups (one open at a time; tapping the open
 * one closes it). Every link closes the drawer; so do a tap outside and the close button.
 */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const signedIn = Boolean(useSessionValue('nome')?.trim());
  // The menu opens again with every group closed, as it did the first time, however it was closed
  // (a link, the close button, a tap outside or the header's menu button).
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (!opened) setOpenGroup(null);
  }
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={MOBILE_MENU.width}
      title="Menu"
      id="menu-principal"
      closeButtonProps={{ 'aria-label': 'Fechar menu' }}
      transitionProps={{ duration: MOBILE_MENU.transitionMs, timingFunction: 'ease' }}
      classNames={{ inner: classes.inner, overlay: classes.overlay, body: classes.body }}
      zIndex={300}
    >
      <nav aria-label="Menu principal">
        <div className={classes.account}>
          <AccountLink onNavigate={onClose} />
          {!signedIn && (
            <Link to={paths.loginAlias} onClick={onClose} className={classes.signIn}>
              Entrar
            </Link>
          )}
        </div>
        <Accordion
          value={openGroup}
          onChange={setOpenGroup}
          chevronPosition="right"
          classNames={{ control: classes.control }}
        >
          {MENU.map((group, index) => (
            // Mantine builds element ids from the value: no spaces ('Acessorios para Pintura').
            <Accordion.Item key={group.categoria} value={`categoria-${index + 1}`}>
              <Accordion.Control>{group.label}</Accordion.Control>
              <Accordion.Panel>
                <CategoryLinks
                  group={group}
                  onFollow={onClose}
                  className={classes.links}
                  allClassName={classes.all}
                />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </nav>
    </Drawer>
  );
}
