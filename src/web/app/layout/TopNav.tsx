import { NavLink } from 'react-router';
import { LogoutButton } from '../../features/auth/components/LogoutButton.js';
import { useAuth } from '../../features/auth/api/useAuth.js';
import { paths } from '../paths.js';
import classes from './layout.module.css';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

const publicItems: NavItem[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.about, label: 'About' },
  { to: paths.gallery, label: 'Gallery' },
  { to: paths.facilities, label: 'Facilities' },
];

/**
 * Top navigation: public pages, then what the session allows
 * (docs/product.md §2 "Shared chrome").
 */
export function TopNav() {
  const auth = useAuth();
  const items = [...publicItems];
  if (auth.isAuthenticated) items.push({ to: paths.account, label: 'My Account' });
  if (auth.isAdmin) items.push({ to: paths.admin, label: 'Admin' });

  return (
    <nav aria-label="Main">
      <ul className={classes.navList}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={classes.navLink}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {auth.isLoading ? (
          // Holds the place of the Login link while the status loads, so the header does not move.
          <li aria-hidden="true" style={{ visibility: 'hidden' }}>
            <span className={classes.navLink}>Login</span>
          </li>
        ) : (
          <li>
            {auth.isAuthenticated ? (
              <LogoutButton className={classes.navLink} />
            ) : (
              <NavLink to={paths.login} className={classes.navLink}>
                Login
              </NavLink>
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}
