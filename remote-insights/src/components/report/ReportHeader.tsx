import { formatDateTime, type InsightReport } from '@console/shared';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { NOT_AVAILABLE } from '../common/format';
import { canRunAnalysis } from './analysis';
import { assessmentTypeLabel } from './labels';

export const ANALYSIS_NEEDS = 'Run AI Analysis needs an uploaded scan and Make, Model and Industry (Context tab).';

export interface ReportHeaderProps {
  report: InsightReport;
  onBack(): void;
  onDelete(): void;
  onRunAnalysis(): void;
}

/** The header (Name, then Type and Created At) and the Back, Delete and Run AI Analysis buttons. */
export function ReportHeader({ report, onBack, onDelete, onRunAnalysis }: ReportHeaderProps) {
  const ready = canRunAnalysis(report);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 2 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
          {report.name}
        </Typography>
        <Typography color="text.secondary" data-testid="report-header-line">
          Type: {assessmentTypeLabel(report.assessment_type)} · Created At: {formatDateTime(report.created_at, NOT_AVAILABLE)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={onBack}>
            Back
          </Button>
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
            Delete
          </Button>
          <Button variant="contained" startIcon={<AutoAwesomeIcon />} disabled={!ready} onClick={onRunAnalysis}>
            Run AI Analysis
          </Button>
        </Box>
        {!ready && (
          <Typography variant="caption" color="text.secondary">
            {ANALYSIS_NEEDS}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
