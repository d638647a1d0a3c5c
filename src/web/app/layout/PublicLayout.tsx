import { Container } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { useFacilityName } from '../../features/public/api/facility.js';
import { paths } from '../paths.js';
import classes from './layout.module.css';
import { TopNav } from './TopNav.js';

/** The page scrolls to the top whenever the path changes (docs/product.md §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function Footer() {
  const name = useFacilityName();
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        &copy; {year} {name}
      </Container>
    </footer>
  );
}

/** The chrome every page shares: header with navigation, main, footer. */
export function PublicLayout() {
  const name = useFacilityName();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div className={classes.shell}>
      <ScrollToTop />
      {busy ? <div className={classes.progress} aria-hidden="true" /> : null}
      <a href="#main" className={classes.skipLink}>
        Skip to main content
      </a>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          <Link to={paths.home} className={classes.brand}>
            {name}
          </Link>
          <TopNav />
        </Container>
      </header>
      <main id="main" tabIndex={-1} className={classes.main} aria-busy={busy || undefined}>
        <Container size="lg">
          <Outlet />
        </Container>
      </main>
      <Footer />
    </div>
  );
}
