import { CloseableDialog, FieldList, TableHeader } from '@console/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import DialogContent from '@mui/material/DialogContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { orNA } from '../common/format';
import { SeverityChip } from '../common/SeverityChip';
import { RuleStatusChip } from './RuleStatusChip';
import type { RuleRow } from './ruleData';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Everything the audit says about one rule (spec §2 rule dialog). */
export function RuleDialog({ row, open, onClose }: { row: RuleRow | null; open: boolean; onClose(): void }) {
  const rule = row?.rule;
  const os = Object.entries(rule?.os ?? {});
  return (
    <CloseableDialog open={open && row !== null} onClose={onClose} titleId="rule-dialog-title" title={row?.title}>
      {row && (
        <DialogContent dividers>
          <FieldList
            preWrap
            fields={[
              { label: 'Severity', value: <SeverityChip severity={row.severity} /> },
              { label: 'Status', value: <RuleStatusChip status={row.status} /> },
              { label: 'Message', value: orNA(row.message) },
              { label: 'Rule ID', value: <code>{row.id}</code> },
              { label: 'Version', value: orNA(rule?.version) },
              { label: 'Description', value: orNA(rule?.description) },
              { label: 'Test Type', value: orNA(rule?.test?.type) },
              { label: 'Strategy', value: orNA(rule?.test?.strategy) },
            ]}
          />
          <Block title="Check Details">
            <FieldList
              preWrap
              fields={[
                { label: 'Target', value: rule?.test?.target ? <code>{rule.test.target}</code> : orNA(null) },
                {
                  label: 'Check',
                  value: rule?.test?.check ? (
                    <Box
                      component="pre"
                      sx={{
                        m: 0,
                        p: 1,
                        bgcolor: 'action.hover',
                        borderRadius: 1,
                        whiteSpace: 'pre-wrap',
                        wordBreak: 'break-all',
                        fontSize: 13,
                      }}
                    >
                      {rule.test.check}
                    </Box>
                  ) : (
                    orNA(null)
                  ),
                },
              ]}
            />
          </Block>
          <Block title="Profiles">
            {row.profiles.length === 0 ? (
              orNA(null)
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {row.profiles.map((profile) => (
                  <Chip key={profile} size="small" label={profile.toUpperCase()} />
                ))}
              </Box>
            )}
          </Block>
          <Block title="Regulations">
            {(rule?.regulations ?? []).length === 0 ? (
              orNA(null)
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {rule!.regulations.map((regulation) => {
                  const controls = regulation.controls?.length ? regulation.controls.join(', ') : 'No controls listed';
                  return (
                    <Tooltip key={regulation.id} title={`Controls: ${controls}`} describeChild>
                      <Chip size="small" variant="outlined" label={regulation.id} tabIndex={0} />
                    </Tooltip>
                  );
                })}
              </Box>
            )}
          </Block>
          <Block title="Supported Operating Systems">
            {os.length === 0 ? (
              orNA(null)
            ) : (
              <Table size="small" aria-label="Supported Operating Systems">
                <TableHeader columns={['Operating System', 'Versions']} />
                <TableBody>
                  {os.map(([name, versions]) => (
                    <TableRow key={name}>
                      <TableCell>{name}</TableCell>
                      <TableCell>{(versions ?? []).join(', ') || 'Any'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Block>
        </DialogContent>
      )}
    </CloseableDialog>
  );
}
