import { FieldList, formatDateTime, type InsightReport } from '@console/shared';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NOT_AVAILABLE } from '../common/format';
import { DeniedLicensesValue } from './DeniedLicensesValue';
import { assessmentTypeLabel } from './labels';

export const NO_ANALYSIS = 'No analysis yet: it is written when a scan is uploaded.';

/** Name, assessment type and the API's plain-English analysis of the latest scan. */
export function OverviewTab({ report }: { report: InsightReport }) {
  const analysis = report.analysis?.trim();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FieldList
        preWrap
        fields={[
          { label: 'Name', value: report.name },
          { label: 'Assessment Type', value: assessmentTypeLabel(report.assessment_type) },
          { label: 'Scan Uploaded At', value: formatDateTime(report.scan_uploaded_at, NOT_AVAILABLE) },
          {
            label: 'Analysis',
            value: analysis ? (
              <span data-testid="report-analysis">{analysis}</span>
            ) : (
              <Typography component="span" color="text.secondary">
                {NO_ANALYSIS}
              </Typography>
            ),
          },
          // Beside the spec's three fields: the license policy's count, when an SBOM is stored.
          ...(report.has_sbom ? [{ label: 'Denied Licenses', value: <DeniedLicensesValue uid={report.uid} /> }] : []),
        ]}
      />
    </Paper>
  );
}
