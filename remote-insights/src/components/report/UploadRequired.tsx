import { CommandBlock } from '@console/shared';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** What the upload command says in a folder with neither file. */
export const NO_FILES = 'No bom.json or audit.json in this folder.';

/**
 * Uploads bom.json and/or audit.json, whichever is in the current folder, with the report token:
 * curl fails (exit 26) on an `-F x=@file` whose file is missing, so each file is tested first.
 * `set --` builds the arguments in a way sh, bash and zsh all read alike (zsh does not split an
 * unquoted variable). A refused upload exits non-zero and prints the API's reason (`-f` would print
 * only the status).
 */
export function uploadCommand(origin: string, token: string): string {
  return (
    'set --; [ -f bom.json ] && set -- "$@" -F sbom=@bom.json; [ -f audit.json ] && set -- "$@" -F audit=@audit.json; ' +
    `if [ $# -eq 0 ]; then echo '${NO_FILES}' >&2; false; else ` +
    `curl -sS --fail-with-body -w '\\n' -H "X-API-Key: ${token}" "$@" ${origin}/api/v1/insights/cli/scan; fi`
  );
}

/** Downloads the scanner, which writes both files on a Linux machine and uploads them. */
export function scannerCommand(origin: string, token: string): string {
  return `curl -fsSLo console-scan ${origin}/api/v1/insights/cli/scanner && sh console-scan --server ${origin} --token ${token}`;
}

/** Spec §2: shown instead of the tabs until a scan has been uploaded. */
export function UploadRequired({ token }: { token: string }) {
  const origin = window.location.origin;
  return (
    <Paper variant="outlined" component="section" aria-label="Upload Required" sx={{ p: 2 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Upload Required
      </Typography>
      <Typography sx={{ mb: 2 }}>
        This report has no scan yet. Upload an SBOM (<code>bom.json</code>, CycloneDX JSON) and a compliance audit (
        <code>audit.json</code>) with this report&apos;s token; either file alone is accepted too.
      </Typography>
      <CommandBlock label="Upload command" command={uploadCommand(origin, token)} wrap labelledCopy />
      <Typography sx={{ mb: 2 }}>
        No files yet? On the Linux machine to assess, our scanner produces both: it lists the installed packages (dpkg, rpm or
        apk) as <code>bom.json</code>, runs the hardening checks into <code>audit.json</code>, then uploads them to this report.
      </Typography>
      <CommandBlock label="Scan and upload from a Linux machine" command={scannerCommand(origin, token)} wrap labelledCopy />
      <Alert severity="info">
        The token works for this report only; keep it private. This page updates by itself once the upload arrives.
      </Alert>
    </Paper>
  );
}
