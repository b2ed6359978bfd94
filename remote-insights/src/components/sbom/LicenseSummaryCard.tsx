import { ErrorState, TableHeader, type LicensePolicy } from '@console/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import type { SWRResponse } from 'swr';
import { ReportSection } from '../common/ReportSection';
import { LicensePolicyDialog } from './LicensePolicyDialog';
import { componentsWord, type LicenseSummary } from './licenses';

/** Licenses listed before "N more". */
export const LICENSES_SHOWN = 10;
export const POLICY_ERROR = 'Failed to load the denied licenses: components are not checked against them';

const count = (n: number) => n.toLocaleString('en-US');

/** The SBOM's licenses with component counts, the unknown ones, and what the tenant's policy denies. */
export const LicenseSummaryCard = memo(function LicenseSummaryCard({
  summary,
  denied,
  policy,
}: {
  summary: LicenseSummary;
  /** Components with a denied license; null until the policy has loaded. */
  denied: number | null;
  policy: SWRResponse<LicensePolicy>;
}) {
  const [editing, setEditing] = useState(false);
  const shown = summary.licenses.slice(0, LICENSES_SHOWN);
  const more = summary.licenses.length - shown.length;
  return (
    <ReportSection title="Licenses">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <span>
          Unknown (no license stated): <strong data-testid="license-unknown-count">{count(summary.unknown)}</strong>{' '}
          {componentsWord(summary.unknown)}
        </span>
        {policy.error ? null : (
          <span>
            Denied: <strong data-testid="license-denied-count">{denied === null ? '…' : count(denied)}</strong>{' '}
            {componentsWord(denied ?? 0)}
            {policy.data && policy.data.denied.length === 0 && ' (no licenses denied yet)'}
          </span>
        )}
        <Button size="small" variant="outlined" onClick={() => setEditing(true)} disabled={!policy.data}>
          Denied Licenses…
        </Button>
      </Box>
      {policy.error && <ErrorState compact message={POLICY_ERROR} onRetry={() => void policy.mutate()} />}
      {shown.length === 0 ? (
        <Typography color="text.secondary">No component states a license.</Typography>
      ) : (
        <Table size="small" aria-label="License counts">
          <TableHeader columns={['License', 'Components']} />
          <TableBody>
            {shown.map((entry) => (
              <TableRow key={`${entry.kind}\n${entry.license}`}>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {entry.license}
                  {entry.kind !== 'id' && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {entry.kind === 'expression' ? ' (SPDX expression)' : ' (name, not an SPDX id)'}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{count(entry.count)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {more > 0 && <Typography color="text.secondary" sx={{ mt: 1 }}>{`${count(more)} more licenses`}</Typography>}
      {editing && policy.data && (
        <LicensePolicyDialog policy={policy.data} mutate={policy.mutate} open onClose={() => setEditing(false)} />
      )}
    </ReportSection>
  );
});
