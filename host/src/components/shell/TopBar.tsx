import { DRAWER_WIDTH, useAuth } from '@console/shared';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { widthTransition } from './layout';
import { Logo } from './Logo';

export interface TopBarProps {
  open: boolean;
  onOpen: () => void;
}

/** The spec's bar (#eeeeee in light mode, the logo at 140x30), and on the right who is signed in to which tenant. */
export function TopBar({ open, onOpen }: TopBarProps) {
  const { profile } = useAuth();
  return (
    <AppBar
      position="fixed"
      elevation={1}
      data-testid="top-bar"
      sx={(theme) => ({
        backgroundColor: theme.palette.shell.topBar,
        color: theme.palette.shell.topBarText,
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
        <Logo />
        <Box sx={{ flexGrow: 1 }} />
        {profile && <SignedInAs tenantName={profile.tenant_name} email={profile.user_email} />}
      </Toolbar>
    </AppBar>
  );
}

/** The tenant's name (never its uid) over the user's email; a tenant without a name shows the email only. */
function SignedInAs({ tenantName, email }: { tenantName: string; email: string }) {
  const name = tenantName.trim();
  return (
    <Box data-testid="signed-in-as" sx={{ minWidth: 0, ml: 2, textAlign: 'right' }}>
      {name && (
        <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 'bold' }}>
          {name}
        </Typography>
      )}
      <Typography variant="body2" noWrap title={email} color="text.secondary">
        {email}
      </Typography>
    </Box>
  );
}
