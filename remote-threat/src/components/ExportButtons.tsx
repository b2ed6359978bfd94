import type { HoneypotRange } from '@console/shared';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { downloadHoneypotIndicators, type IndicatorFormat } from '../api/honeypot-indicators';

const NAMES: Record<IndicatorFormat, string> = { csv: 'CSV', stix: 'STIX 2.1' };

/** Exports the range's indicators (addresses, file hashes, URLs) for a SOC's blocklists. */
export function ExportButtons({ range }: { range: HoneypotRange | undefined }) {
  const [busy, setBusy] = useState<IndicatorFormat | null>(null);
  const [failed, setFailed] = useState<IndicatorFormat | null>(null);
  const download = async (format: IndicatorFormat) => {
    setBusy(format);
    setFailed(null);
    try {
      await downloadHoneypotIndicators(format, range);
    } catch (error) {
      console.error('Indicator export failed', error);
      setFailed(format);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {(['csv', 'stix'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={busy !== null}
          onClick={() => void download(format)}
        >
          Export indicators ({NAMES[format]})
        </Button>
      ))}
      {failed && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void download(failed)}>
              Retry
            </Button>
          }
        >
          Could not export the indicators ({NAMES[failed]}).
        </Alert>
      )}
    </Box>
  );
}
