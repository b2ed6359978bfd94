import { ExportCsvButton, type CredentialKind } from '@console/shared';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { CredentialHistory } from './CredentialHistory';
import { CREDENTIAL_PLURAL } from './credentialKinds';

export interface CredentialToolbarProps {
  kind: CredentialKind;
  /** The CSV export's path; null while the tenant is not known. */
  exportPath: string | null;
  /** More buttons after the export (a Create button). */
  children?: ReactNode;
}

/** Above a credential table: its History and its CSV export, right-aligned. */
export function CredentialToolbar({ kind, exportPath, children }: CredentialToolbarProps) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      <CredentialHistory kind={kind} />
      <ExportCsvButton what={CREDENTIAL_PLURAL[kind]} path={exportPath} />
      {children}
    </Box>
  );
}
