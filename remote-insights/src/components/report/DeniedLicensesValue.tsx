import { ErrorState } from '@console/shared';
import Typography from '@mui/material/Typography';
import { useLicensePolicy } from '../../api/license-policy';
import { useReportSbomLicenses } from '../../api/report-sbom-licenses';
import { componentsWord, deniedInSets, deniedSetOf } from '../sbom/licenses';

// The API counts at most 1,000 distinct sets of licenses per SBOM (LICENSE_SETS_MAX).
const PARTIAL = ' Counted over the first 1,000 sets of licenses; the SBOM states more, not counted here.';

/**
 * The Overview's count of components stating a license the tenant denies, from the license sets
 * counted at upload (not the SBOM itself). A failed call says so, with Retry: never "none".
 */
export function DeniedLicensesValue({ uid }: { uid: string }) {
  const sets = useReportSbomLicenses(uid);
  const policy = useLicensePolicy();
  if (sets.error || policy.error) {
    const retry = () => void Promise.all([sets.mutate(), policy.mutate()]);
    return <ErrorState compact message="Could not load the license counts" onRetry={retry} />;
  }
  if (!sets.data || !policy.data) return <Typography component="span">Loading...</Typography>;
  if (sets.data.sets === null) {
    return (
      <Typography component="span" color="text.secondary">
        Not counted for this scan: upload the SBOM again to count its licenses.
      </Typography>
    );
  }
  const denied = deniedSetOf(policy.data.denied);
  if (denied.size === 0) {
    return (
      <Typography component="span" color="text.secondary">
        No license is denied (set them on the SBOM tab&apos;s Licenses card).
      </Typography>
    );
  }
  const found = deniedInSets(sets.data.sets, denied);
  const partial = sets.data.complete ? '' : PARTIAL;
  if (found.components === 0) return <span>{`No component states a denied license.${partial}`}</span>;
  const names = found.licenses.map(({ license, via }) => (via === 'expression' ? `${license} (in expression)` : license));
  return (
    <Typography component="span" color="error" data-testid="denied-licenses">
      {`${found.components.toLocaleString('en-US')} ${componentsWord(found.components)} state a denied license: ${names.join(', ')}.${partial}`}
    </Typography>
  );
}
