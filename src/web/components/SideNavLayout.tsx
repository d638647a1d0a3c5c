import { NavLink, Outlet } from 'react-router';
import classes from './SideNavLayout.module.css';

export interface SideNavItem {
  to: string;
  label: string;
}

export interface SideNavLayoutProps {
  /** Names the navigation landmark, e.g. "Account". */
  label: string;
  items: readonly SideNavItem[];
}

/** A section with its own side navigation; the page renders in the outlet. */
export function SideNavLayout({ label, items }: SideNavLayoutProps) {
  return (
    <div className={classes.root}>
      <nav aria-label={label} className={classes.nav}>
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={classes.link}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={classes.content}>
        <Outlet />
      </div>
    </div>
  );
}
