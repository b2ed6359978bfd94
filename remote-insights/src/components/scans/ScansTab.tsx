import { ErrorState, formatDateTime, LoadingState, TableHeader, type ScanListItem } from '@console/shared';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useReportScans } from '../../api/report-scan-list';
import { NOT_AVAILABLE } from '../common/format';
import { ScanDiffView } from './ScanDiffView';

export const LOADING_SCANS = 'Loading scans…';
export const SCANS_ERROR = 'Error loading the scan history.';
export const NO_SCANS = 'No SBOM scan kept yet: each SBOM upload from now on is kept here.';
export const ONE_SCAN = 'Only one scan so far: upload the SBOM again to compare two scans.';

const scanLabel = (scan: ScanListItem) =>
  `${formatDateTime(scan.uploaded_at, NOT_AVAILABLE)} (${scan.components.toLocaleString('en-US')} components)`;

/** Beside the spec's tabs: the report's kept SBOM scans, and the diff of the two chosen (newest two by default). */
export function ScansTab({ uid }: { uid: string }) {
  const { data, error, isLoading, mutate } = useReportScans(uid);
  const [chosen, setChosen] = useState<{ from?: string; to?: string }>({});

  if (error && !data) return <ErrorState message={SCANS_ERROR} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingState text={LOADING_SCANS} />;
  const scans = data.results;
  if (scans.length === 0) return <Typography>{NO_SCANS}</Typography>;
  const has = (id: string | undefined) => id !== undefined && scans.some((scan) => scan.id === id);
  // A choice that passed the retention falls back to the default.
  const from = has(chosen.from) ? chosen.from! : scans[Math.min(1, scans.length - 1)]!.id;
  const to = has(chosen.to) ? chosen.to! : scans[0]!.id;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <section aria-labelledby="scans-heading">
        <Typography variant="h6" id="scans-heading" gutterBottom>
          Scans
        </Typography>
        <TableContainer>
          <Table size="small" aria-label="Scans">
            <TableHeader
              columns={[
                'Uploaded At',
                { label: 'Components', align: 'right' },
                { label: 'Vulnerabilities', align: 'right' },
                { label: 'Open', align: 'right' },
                { label: 'Critical (open)', align: 'right' },
              ]}
            />
            <TableBody>
              {scans.map((scan) => (
                <TableRow key={scan.id} selected={scan.id === from || scan.id === to}>
                  <TableCell>{formatDateTime(scan.uploaded_at, NOT_AVAILABLE)}</TableCell>
                  <TableCell align="right">{scan.components.toLocaleString('en-US')}</TableCell>
                  <TableCell align="right">{scan.vulnerabilities.toLocaleString('en-US')}</TableCell>
                  <TableCell align="right">{scan.open.toLocaleString('en-US')}</TableCell>
                  <TableCell align="right">{scan.critical.toLocaleString('en-US')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </section>
      {scans.length === 1 ? (
        <Typography>{ONE_SCAN}</Typography>
      ) : (
        <section aria-labelledby="diff-heading">
          <Typography variant="h6" id="diff-heading" gutterBottom>
            Compare scans
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            {(
              [
                ['from', 'From scan', from],
                ['to', 'To scan', to],
              ] as const
            ).map(([field, label, value]) => (
              <TextField
                key={field}
                select
                size="small"
                label={label}
                value={value}
                onChange={(event) => setChosen((was) => ({ ...was, [field]: event.target.value }))}
                sx={{ minWidth: 280 }}
              >
                {scans.map((scan) => (
                  <MenuItem key={scan.id} value={scan.id}>
                    {scanLabel(scan)}
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Box>
          <ScanDiffView uid={uid} from={from} to={to} />
        </section>
      )}
    </Box>
  );
}
