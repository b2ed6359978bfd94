import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { downloadFile } from '../download/downloadFile';

export interface ExportCsvButtonProps {
  /** The export's path under the API base, with the table's filters and ordering (…/export.csv?…). */
  path: string | null;
  /** Names the table in the button's accessible name and the failure ("Export CSV of alerts"). */
  what: string;
  /** The file name when the API sends none. */
  fileName?: string;
}

/** "Export CSV": downloads the table's current view; a failure shows beside the button with Retry. */
export function ExportCsvButton({ path, what, fileName = `${what.replace(/\s+/g, '-')}.csv` }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    if (!path) return;
    setBusy(true);
    setFailed(false);
    try {
      await downloadFile(path, fileName);
    } catch (error) {
      console.error(`Exporting ${what} failed`, error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={!path || busy}
        aria-label={`Export CSV of ${what}`}
        onClick={() => void download()}
      >
        Export CSV
      </Button>
      {failed && (
        <Alert
          severity="error"
          role="alert"
          sx={{ py: 0 }}
          action={
            <Button color="inherit" size="small" onClick={() => void download()}>
              Retry
            </Button>
          }
        >
          Could not export {what}.
        </Alert>
      )}
    </Box>
  );
}
