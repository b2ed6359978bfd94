import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { NavDrawer } from './NavDrawer';
import { TopBar } from './TopBar';

export function AppShell() {
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex' }}>
      <TopBar open={open} onOpen={() => setOpen(true)} />
      <NavDrawer open={open} onClose={() => setOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
