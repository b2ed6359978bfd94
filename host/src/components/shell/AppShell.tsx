import { SWRProvider } from '@console/shared';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

/**
 * The signed-in area: top bar, drawer and the page. The data cache (SWR) lives here and not around
 * the whole app, so /login loads no data layer; signing out unmounts the shell and its cache.
 */
export function AppShell() {
  const [open, setOpen] = useState(false);
  return (
    <SWRProvider>
      <Box sx={{ display: 'flex' }}>
        <TopBar open={open} onOpen={() => setOpen(true)} />
        <NavDrawer open={open} onClose={() => setOpen(false)} />
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
          <Toolbar />
          <Outlet />
        </Box>
      </Box>
    </SWRProvider>
  );
}
