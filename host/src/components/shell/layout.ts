import { DRAWER_WIDTH } from '@console/shared';
import type { Theme } from '@mui/material/styles';

export const COLLAPSED_DRAWER_WIDTH = 64;

export const drawerWidth = (open: boolean) => (open ? DRAWER_WIDTH : COLLAPSED_DRAWER_WIDTH);

export const widthTransition = (theme: Theme, open: boolean) =>
  theme.transitions.create(['width', 'margin'], {
    easing: theme.transitions.easing.sharp,
    duration: open ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen,
  });
