import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { insideWhenWide, useWideScreen } from '../../hooks/use-wide-screen';
import { categoryMenu } from '../../domain/categories';
import { CategoryLinks } from './category-links';
import { ChevronIcon } from './icons';
import classes from './category-bar.module.css';

const MENU = categoryMenu('desktop');

/**
 * Desktop category bar: six dropdowns, one open at a time, opening on hover; the
 * chevron button opens one for keyboard and touch. Leaving, Escape or following a link closes it.
 */
export function CategoryBar() {
  // How the open dropdown was opened: a click on the chevron of a dropdown the pointer opened (a
  // mouse, or a tap that emulates hover first) keeps it open instead of closing it at once.
  const [dropdown, setDropdown] = useState<{ index: number; by: 'hover' | 'button' } | null>(null);
  const open = dropdown?.index ?? null;
  const toggles = useRef<(HTMLButtonElement | null)[]>([]);
  // After a link is followed the pointer may still rest on the bar: the loading overlay coming and
  // going would 'enter' the item again and reopen it. Hover opens again once the pointer moves.
  const hoverPaused = useRef(false);
  const close = () => setDropdown(null);
  const follow = () => {
    hoverPaused.current = true;
    close();
  };
  const hover = (index: number) =>
    setDropdown((current) => (current?.index === index ? current : { index, by: 'hover' }));
  const toggle = (index: number) =>
    setDropdown((current) =>
      current?.index === index && current.by === 'button' ? null : { index, by: 'button' },
    );

  const onKeyDown = (index: number) => (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open === index) {
      close();
      toggles.current[index]?.focus();
    }
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  // Shown from 768 px (category-bar.module.css); below, the menu drawer holds the categories.
  const wide = useWideScreen('sm');
  const list = (
    <ul className={classes.list}>
      {MENU.map((group, index) => {
        const panelId = `categoria-menu-${index}`;
        const isOpen = open === index;
        return (
          <li
            key={group.categoria}
            className={classes.item}
            data-open={isOpen || undefined}
            onMouseEnter={() => {
              if (!hoverPaused.current) hover(index);
            }}
            onMouseMove={() => {
              if (!hoverPaused.current) return;
              hoverPaused.current = false;
              hover(index);
            }}
            onMouseLeave={close}
            onKeyDown={onKeyDown(index)}
            onBlur={onBlur}
          >
            <Link
              to={paths.category(group.categoria)}
              className={classes.top}
              onClick={follow}
              discover="none"
            >
              {group.label}
            </Link>
            <button
              type="button"
              ref={(element) => {
                toggles.current[index] = element;
              }}
              className={classes.toggle}
              aria-expanded={isOpen}
              aria-controls={panelId}
              aria-label={`Subcategorias de ${group.label}`}
              onClick={() => toggle(index)}
            >
              <ChevronIcon />
            </button>
            <div id={panelId} className={classes.panel} hidden={!isOpen}>
              <CategoryLinks group={group} onFollow={follow} allClassName={classes.all} />
            </div>
          </li>
        );
      })}
    </ul>
  );
  return <nav aria-label="Categorias" className={classes.nav} {...insideWhenWide(wide, list)} />;
}
