import { Box } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { Header } from './header';
import { Footer } from './footer';

export function MainLayout() {
  return (
    <>
      <Header />
      <Box component="main" id="conteudo" mih="60vh">
        <Outlet />
      </Box>
      <Footer />
    </>
  );
}
