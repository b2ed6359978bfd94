import { countOf, coverageGaps, CoverageWarnings, ErrorState, type SbomFeedStatus } from '@console/shared';
import Alert from '@mui/material/Alert';

export const FEED_STATUS_ERROR = 'Could not load vulnerability feed status';
export const DEMO_SBOM_NOTICE =
  'Demo SBOM: the console matched it against the demo catalogue; findings marked Demo data do not come from real advisories.';

/** KEV/EPSS columns read "—" when their data is not loaded: say why, so "—" is not read as "not exploited". */
export const EXPLOIT_DATA_MISSING =
  "CISA's KEV catalogue and FIRST's EPSS scores are not loaded: the KEV and EPSS columns are unknown, not clear.";
export const KEV_MISSING = "CISA's KEV catalogue is not loaded: the KEV column is unknown, not clear.";
export const EPSS_MISSING = "FIRST's EPSS scores are not loaded: the EPSS column is unknown.";

function exploitDataNotice(feed: SbomFeedStatus): string | null {
  const kev = feed.kev_loaded === false;
  const epss = feed.epss_loaded === false;
  if (kev && epss) return EXPLOIT_DATA_MISSING;
  if (kev) return KEV_MISSING;
  return epss ? EPSS_MISSING : null;
}

export function uncheckedComponentsMessage(count: number): string {
  return `${countOf(count, 'component was', 'components were')} not checked (no package URL, or an ecosystem the console cannot match)`;
}

/** The spec's text for a clean result: only when every component was checked against loaded advisories. */
export const NO_VULNERABILITIES = 'No vulnerabilities found';
export const COVERAGE_PENDING = 'No vulnerabilities found so far — still checking what the console could cover';
export const COVERAGE_UNKNOWN =
  'No vulnerabilities found, but what was checked is unknown: the vulnerability feed status could not be loaded';

/**
 * What an SBOM without vulnerabilities says: "No vulnerabilities found" only when the console could
 * check everything; otherwise what it could not check (an unchecked result is not a clean one).
 */
export function noVulnerabilitiesText(feed: SbomFeedStatus | undefined, error: unknown): string {
  if (!feed) return error ? COVERAGE_UNKNOWN : COVERAGE_PENDING;
  const gaps = coverageGaps(feed.coverage, feed.demo);
  const unchecked = (feed.unsupported ?? 0) + (feed.no_purl ?? 0);
  const components = unchecked > 0 ? `${countOf(unchecked, 'component', 'components')} not checked` : null;
  if (gaps.length > 0) {
    const text = `No vulnerabilities found in the covered ecosystems — not checked: ${gaps.join(', ')}`;
    return components ? `${text}; ${components}` : text;
  }
  return components ? `No vulnerabilities found in the checked components — ${components}` : NO_VULNERABILITIES;
}

export interface FeedStatusProps {
  feed: SbomFeedStatus | undefined;
  error: unknown;
  onRetry(): void;
}

/**
 * What the console could check in this SBOM: a demo notice, every ecosystem without advisories
 * and the components it could not check. A failed call says so: it never reads as "no gaps".
 */
export function FeedStatus({ feed, error, onRetry }: FeedStatusProps) {
  if (error && !feed) return <ErrorState message={FEED_STATUS_ERROR} onRetry={onRetry} />;
  if (!feed) return null;
  const unchecked = (feed.unsupported ?? 0) + (feed.no_purl ?? 0);
  const exploitData = exploitDataNotice(feed);
  return (
    <>
      <CoverageWarnings
        coverage={feed.coverage}
        demo={feed.demo}
        demoNotice={DEMO_SBOM_NOTICE}
        unchecked={unchecked > 0 ? uncheckedComponentsMessage(unchecked) : null}
      />
      {exploitData && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {exploitData}
        </Alert>
      )}
    </>
  );
}
