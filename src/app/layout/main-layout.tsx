import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Header } from './header';
import { Footer } from './footer';
import { NavigationOverlay } from './navigation-overlay';
import classes from './header.module.css';

export function MainLayout() {
  return (
    <>
      <a href="#conteudo" className={classes.skipLink}>
        Pular para o conteúdo
      </a>
      <Header />
      <main id="conteudo" tabIndex={-1} style={{ minHeight: '60vh', outline: 'none' }}>
        <Outlet />
      </main>
      <Footer />
      <NavigationOverlay />
      <ScrollRestoration />
    </>
  );
}
