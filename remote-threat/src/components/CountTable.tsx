import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { LandscapeCard } from './LandscapeCard';

export interface CountTableProps {
  title: string;
  /** Header of the value column: "Command" or "Hash". */
  valueLabel: string;
  rows: Array<{ value: string; count: number }>;
  /** What the table covers, for its empty text ("last 14 days"). */
  period?: string;
  /** Lookups beside each value (hash and address links). */
  links?: (value: string) => ReactNode;
}

function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Tooltip title={copied ? 'Copied' : 'Copy'} onClose={() => setCopied(false)}>
      <IconButton size="small" aria-label={`Copy ${label}`} onClick={copy}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}

/**
 * A top-10 table of attacker commands or file hashes. Values can be kilobytes long (an SSH key
 * implant, a dropper one-liner): a cell shows at most three lines, wrapping anywhere, with the
 * whole value on hover and a copy button, so the table stays readable and nothing is lost.
 */
export function CountTable({ title, valueLabel, rows, period = 'last 14 days', links }: CountTableProps) {
  return (
    <LandscapeCard title={title}>
      <Table size="small" aria-label={title} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell>{valueLabel}</TableCell>
            <TableCell align="right" sx={{ width: 90 }}>
              Count
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={2}>
                <Typography color="text.secondary">No data for the {period}.</Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.value}>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                  <Tooltip
                    title={<Box sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{row.value}</Box>}
                    slotProps={{ tooltip: { sx: { maxWidth: 600 } } }}
                  >
                    <Box
                      component="code"
                      sx={{
                        flex: 1,
                        minWidth: 0,
                        fontFamily: 'monospace',
                        fontSize: '0.8125rem',
                        wordBreak: 'break-all',
                        whiteSpace: 'pre-wrap',
                        display: '-webkit-box',
                        WebkitLineClamp: 3,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      }}
                    >
                      {row.value === '' ? <em>(empty)</em> : row.value}
                    </Box>
                  </Tooltip>
                  <CopyButton value={row.value} label={valueLabel.toLowerCase()} />
                </Box>
                {links?.(row.value)}
              </TableCell>
              <TableCell align="right">{row.count.toLocaleString('en-US')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </LandscapeCard>
  );
}
