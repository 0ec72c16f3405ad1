import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { MenuGroup } from '../../domain/categories';

interface CategoryLinksProps {
  group: MenuGroup;
  /** Closes the menu that holds the links once one is followed. */
  onFollow: () => void;
  className?: string;
  /** Class of the closing 'Ver tudo em …' link. */
  allClassName: string;
}

/**
 * A category's subcategory links, then 'Ver tudo em {categoria}': the desktop bar and the drawer share
 * it. `discover="none"`, as every link of the shell: the data router has every route from the start, so
 * React Router's `data-discover` marks (framework mode's lazy route discovery) were ~1 KB of each page's
 * HTML for nothing.
 */
export function CategoryLinks({ group, onFollow, className, allClassName }: CategoryLinksProps) {
  return (
    <ul className={className}>
      {group.links.map((link) => (
        <li key={link.subcategoria}>
          <Link to={paths.category(link.categoria, link.subcategoria)} onClick={onFollow} discover="none">
            {link.label}
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={paths.category(group.categoria)}
          onClick={onFollow}
          className={allClassName}
          discover="none"
        >
          Ver tudo em {group.label}
        </Link>
      </li>
    </ul>
  );
}
