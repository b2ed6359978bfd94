import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CopyButton } from './CopyButton';

export interface CommandBlockProps {
  label: string;
  command: string;
  /** Wrap a long command instead of scrolling it sideways. */
  wrap?: boolean;
  /** Name the copy button "Copy: <label>", for a page with several commands. */
  labelledCopy?: boolean;
}

/** A shell command to run elsewhere, under its label, with a copy button. */
export function CommandBlock({ label, command, wrap = false, labelledCopy = false }: CommandBlockProps) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box
          component="pre"
          aria-label={label}
          // A long command scrolls sideways inside the block: focusable, so the arrow keys scroll it too.
          tabIndex={0}
          role="group"
          sx={{
            flex: 1,
            m: 0,
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflowX: 'auto',
            fontSize: 13,
            ...(wrap && { whiteSpace: 'pre-wrap', wordBreak: 'break-all' }),
          }}
        >
          {command}
        </Box>
        <CopyButton text={command} ariaLabel={labelledCopy ? `Copy: ${label}` : undefined} />
      </Box>
    </Box>
  );
}
