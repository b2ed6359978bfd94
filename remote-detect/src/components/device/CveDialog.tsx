import {
  CloseableDialog,
  DemoDataChip,
  ErrorState,
  ExploitDetails,
  FieldList,
  SafeLink,
  type CveDescription,
} from '@console/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';
import { useCveDescription } from '../../api/cve-description';
import { useLogError } from '../../api/http-helpers';

export const CVE_DESCRIPTION_ERROR = 'Could not load the CVE description';

export interface CveDialogProps {
  cve: { cve_uid: string; cve_id: string | null } | null;
  onClose(): void;
}

function Links({ links }: { links: NonNullable<CveDescription['links']> }) {
  if (links.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {links.map((link, index) => (
        <li key={`${link.url}-${index}`}>
          <SafeLink href={link.url}>{link.label || link.url}</SafeLink>
        </li>
      ))}
    </Box>
  );
}

/** What the console knows beyond the description: demo data, KEV, EPSS, aliases, advisories (docs/vuln-feed-api.md). */
function CveFacts({ data }: { data: CveDescription }) {
  // An older server sends only the description: show nothing it did not say.
  if (data.kev === undefined && data.epss === undefined && !data.aliases && !data.links) return null;
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1 }}>
      <ExploitDetails kev={data.kev} epss={data.epss} epssPercentile={data.epss_percentile} />
      <FieldList
        fields={[
          { label: 'Aliases', value: data.aliases?.length ? data.aliases.join(', ') : '—' },
          { label: 'Advisories', value: <Links links={data.links ?? []} /> },
        ]}
      />
    </Box>
  );
}

/** The CVE description with a Close button (spec §2). */
export function CveDialog({ cve, onClose }: CveDialogProps) {
  const { data, error, isLoading, mutate } = useCveDescription(cve?.cve_uid);
  // Spec §8 only logs a CVE description error; the dialog says so too, rather than stay blank.
  useLogError(error, 'Loading the CVE description');
  return (
    <CloseableDialog
      open={cve !== null}
      onClose={onClose}
      titleId="cve-dialog-title"
      title={data?.cve_id ?? cve?.cve_id ?? 'CVE'}
      maxWidth="sm"
    >
      <DialogContent>
        {isLoading ? (
          <CircularProgress size={24} />
        ) : error && !data ? (
          <ErrorState compact message={CVE_DESCRIPTION_ERROR} onRetry={() => void mutate()} />
        ) : (
          <>
            {data?.demo && (
              <Typography component="div" sx={{ mb: 1 }}>
                <DemoDataChip /> Described by the demo catalogue only.
              </Typography>
            )}
            <DialogContentText>{data?.description}</DialogContentText>
            {data && <CveFacts data={data} />}
          </>
        )}
      </DialogContent>
    </CloseableDialog>
  );
}
