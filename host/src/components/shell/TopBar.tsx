import { DRAWER_WIDTH, TOPBAR_COLOR } from '@console/shared';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import logoUrl from '../../assets/logo.svg';
import { widthTransition } from './layout';

export interface TopBarProps {
  open: boolean;
  onOpen: () => void;
}

export function TopBar({ open, onOpen }: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      elevation={1}
      data-testid="top-bar"
      sx={(theme) => ({
        backgroundColor: TOPBAR_COLOR,
        color: 'black',
        zIndex: theme.zIndex.drawer + 1,
        transition: widthTransition(theme, open),
        ...(open && { marginLeft: `${DRAWER_WIDTH}px`, width: `calc(100% - ${DRAWER_WIDTH}px)` }),
      })}
    >
      <Toolbar>
        {!open && (
          <IconButton edge="start" color="inherit" aria-label="open drawer" onClick={onOpen} sx={{ mr: 2 }}>
            <MenuIcon />
          </IconButton>
        )}
        <Box component="img" src={logoUrl} alt="Security Console" width={140} height={30} sx={{ width: 140, height: 30 }} />
      </Toolbar>
    </AppBar>
  );
}
