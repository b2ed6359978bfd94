import { CloseableDialog, ErrorState, formatDateTime, type HoneypotTimelineEvent } from '@console/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useHoneypotSession } from '../api/honeypot-session';
import { HashLinks } from './LookupLinks';

const code = (text: string) => (
  <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
    {text}
  </Box>
);

/** What one event of the timeline says, in words; attacker text stays text. */
function describe(event: HoneypotTimelineEvent): { title: string; detail?: ReactNode } {
  const credentials = () => code(`${event.username ?? ''} / ${event.password === '' ? '(empty)' : (event.password ?? '')}`);
  switch (event.kind) {
    case 'connect':
      return { title: 'Connected' };
    case 'login_failed':
      return { title: 'Login failed', detail: credentials() };
    case 'login_success':
      return { title: 'Logged in', detail: credentials() };
    case 'command':
      return { title: 'Command', detail: code(event.input ?? '') };
    case 'download':
    case 'upload':
      return {
        title: event.kind === 'download' ? 'Downloaded' : 'Uploaded',
        detail: (
          <>
            {event.url && code(event.url)}
            {event.shasum && (
              <Box sx={{ mt: 0.5 }}>
                SHA-256 {code(event.shasum)} <HashLinks hash={event.shasum} />
              </Box>
            )}
          </>
        ),
      };
    case 'close':
      return { title: 'Closed' };
    default:
      return { title: event.eventid };
  }
}

/** One session, step by step: connect, logins tried, commands, downloads, close. */
export function SessionTimelineDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, error, mutate } = useHoneypotSession(id);
  return (
    <CloseableDialog open={id !== null} onClose={onClose} titleId="session-timeline-title" title={<>Session {id}</>}>
      <DialogContent dividers>
        {error ? (
          <ErrorState compact message="Could not load the session's timeline." onRetry={() => void mutate()} />
        ) : !data ? (
          <Box role="status" aria-label="Loading the timeline" sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={28} />
          </Box>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              From {data.session.src_ip} · {data.session.asn} · {data.session.country} · sensor {data.session.sensor}
            </Typography>
            <List dense aria-label="Timeline">
              {data.events.map((event, index) => {
                const { title, detail } = describe(event);
                return (
                  <ListItem key={`${event.ts}-${index}`} divider alignItems="flex-start">
                    <ListItemText
                      primary={`${formatDateTime(event.ts)} · ${title}`}
                      secondary={detail}
                      slotProps={{ secondary: { component: 'div' } }}
                    />
                  </ListItem>
                );
              })}
            </List>
            {data.truncated && <Typography color="text.secondary">Only the first 1,000 events are shown.</Typography>}
          </>
        )}
      </DialogContent>
    </CloseableDialog>
  );
}
