import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';

export interface NavEntryProps {
  label: string;
  tooltip: string;
  icon: ReactElement;
  open: boolean;
  active?: boolean;
  to?: string;
  onClick?: () => void;
}

export function NavEntry({ label, tooltip, icon, open, active = false, to, onClick }: NavEntryProps) {
  // The spec's #5a00ff / black in light mode (theme.palette.shell).
  const color = active ? 'shell.navActive' : 'shell.navText';
  const button = (
    <ListItemButton
      {...(to ? { component: Link, to } : { onClick })}
      aria-label={label}
      aria-current={active ? 'page' : undefined}
      data-active={active}
      sx={{ minHeight: 48, px: 2.5, justifyContent: open ? 'initial' : 'center', color }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: open ? 3 : 'auto', justifyContent: 'center', color }}>{icon}</ListItemIcon>
      {open && <ListItemText primary={label} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {tooltip ? (
        <Tooltip
          title={tooltip}
          placement="right"
          enterDelay={100}
          enterTouchDelay={700}
          leaveTouchDelay={1500}
          slotProps={{ tooltip: { sx: { maxWidth: 300 } } }}
        >
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}
