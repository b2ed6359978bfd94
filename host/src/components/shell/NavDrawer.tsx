import { useAuth } from '@console/shared';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import LogoutIcon from '@mui/icons-material/Logout';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Toolbar from '@mui/material/Toolbar';
import { Fragment } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NavEntry } from './NavEntry';
import { NAV_GROUPS, isNavItemActive } from './navItems';
import { drawerWidth, widthTransition } from './layout';

export interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
}

export function NavDrawer({ open, onClose }: NavDrawerProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const width = drawerWidth(open);

  const signOut = async () => {
    const result = await logout();
    if (result.success) navigate('/login', { replace: true });
  };

  return (
    <Drawer
      variant="permanent"
      open={open}
      data-testid="nav-drawer"
      data-open={open}
      // The paper is a plain div otherwise: as a <nav> landmark, screen-reader users can jump to it.
      slotProps={{ paper: { component: 'nav', 'aria-label': 'Main navigation' } }}
      sx={(theme) => ({
        width,
        flexShrink: 0,
        whiteSpace: 'nowrap',
        transition: widthTransition(theme, open),
        '& .MuiDrawer-paper': { width, overflowX: 'hidden', transition: widthTransition(theme, open) },
      })}
    >
      <Toolbar sx={{ justifyContent: 'flex-end', px: 1 }}>
        {open && (
          <IconButton onClick={onClose} aria-label="close drawer">
            <ChevronLeftIcon />
          </IconButton>
        )}
      </Toolbar>
      <Divider />
      {NAV_GROUPS.map((group, index) => (
        <Fragment key={group[0].path}>
          {index > 0 && <Divider role="separator" />}
          <List>
            {group.map((item) => (
              <NavEntry key={item.path} {...item} to={item.path} open={open} active={isNavItemActive(item.path, pathname)} />
            ))}
            {index === NAV_GROUPS.length - 1 && (
              <NavEntry label="Logout" tooltip="" icon={<LogoutIcon />} open={open} onClick={signOut} />
            )}
          </List>
        </Fragment>
      ))}
    </Drawer>
  );
}
