import { errorMessage } from '@console/shared';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState, type ChangeEvent } from 'react';
import { useSWRConfig } from 'swr';
import { downloadSbomExport, type SbomExport, type SbomExportFilters } from '../../api/report-sbom-export';
import { uploadSbomVex } from '../../api/report-sbom-vex';

const LABELS: Record<SbomExport, string> = {
  cyclonedx: 'CycloneDX 1.6 with VEX',
  vulnerabilities: 'Vulnerabilities CSV',
  components: 'Components CSV',
};

/** The file's text (FileReader: what every browser, and jsdom, offers). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsText(file);
  });

type Outcome = { severity: 'success' | 'warning' | 'error'; text: string; retry?: () => void };

/** Downloads of the SBOM (CycloneDX with the console's analyses, the tables as CSV) and the VEX upload. */
export function SbomActions({
  uid,
  filters = {},
}: {
  uid: string;
  /** Each table's filters, search and sort: its CSV holds the rows it shows (the CycloneDX export is whole). */
  filters?: Partial<Record<SbomExport, SbomExportFilters>>;
}) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const download = async (kind: SbomExport) => {
    setBusy(true);
    setOutcome(null);
    try {
      await downloadSbomExport(uid, kind, filters[kind]);
    } catch (error) {
      setOutcome({
        severity: 'error',
        text: `Could not download the ${LABELS[kind]}: ${errorMessage(error)}`,
        retry: () => void download(kind),
      });
    } finally {
      setBusy(false);
    }
  };

  const applyVex = async (file: File) => {
    setBusy(true);
    setOutcome(null);
    try {
      let document: unknown;
      try {
        document = JSON.parse(await readText(file));
      } catch {
        setOutcome({ severity: 'error', text: `${file.name} is not JSON: choose a CycloneDX VEX document.` });
        return;
      }
      const answer = await uploadSbomVex(mutate, uid, document);
      const refused = answer.rejected.map((r) => `#${r.index}${r.id ? ` ${r.id}` : ''}: ${r.reason}`);
      setOutcome({
        severity: refused.length ? 'warning' : 'success',
        text:
          `VEX applied: ${answer.applied.toLocaleString('en-US')} analyses stored.` +
          (refused.length ? ` ${refused.length} entries refused — ${refused.slice(0, 5).join('; ')}` : ''),
      });
    } catch (error) {
      setOutcome({
        severity: 'error',
        text: `Could not apply the VEX: ${errorMessage(error)}`,
        retry: () => void applyVex(file),
      });
    } finally {
      setBusy(false);
    }
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void applyVex(file);
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(Object.keys(LABELS) as SbomExport[]).map((kind) => (
          <Button
            key={kind}
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={busy}
            onClick={() => void download(kind)}
          >
            {LABELS[kind]}
          </Button>
        ))}
        <Button
          size="small"
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          Upload VEX
        </Button>
        <input ref={input} type="file" accept=".json,application/json" hidden aria-label="VEX file" onChange={picked} />
      </Box>
      {outcome && (
        <Alert
          severity={outcome.severity}
          role={outcome.severity === 'success' ? 'status' : 'alert'}
          sx={{ mt: 1 }}
          action={
            outcome.retry ? (
              <Button color="inherit" size="small" onClick={outcome.retry}>
                Retry
              </Button>
            ) : undefined
          }
        >
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
