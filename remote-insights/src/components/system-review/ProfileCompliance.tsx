import type { ProfileScore } from '@console/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { ReportSection } from '../common/ReportSection';
import { SCORE_COLORS, scoreLevel, scorePercent } from './ruleData';

export interface ProfileCompliancePanelProps {
  scores: Array<{ name: string; score: ProfileScore }>;
}

/** Score/max and a percent bar per profile, coloured by spec §4's thresholds. */
export const ProfileCompliance = memo(function ProfileCompliance({ scores }: ProfileCompliancePanelProps) {
  return (
    <ReportSection title="Profile Compliance" fill>
      {scores.length === 0 && <Typography color="text.secondary">No profile scores in this audit.</Typography>}
      {scores.map(({ name, score }) => {
        const percent = scorePercent(score);
        const level = scoreLevel(percent);
        const label = name.toUpperCase();
        return (
          <Box key={name} sx={{ mb: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography sx={{ fontWeight: 'bold' }}>{label}</Typography>
              <Typography>
                {score.score}/{score.max} ({percent.toFixed(1)}%)
              </Typography>
            </Box>
            {/* A plain bar: its colour is the threshold colour itself, not a theme palette slot. */}
            <Box
              role="progressbar"
              aria-label={`${label} compliance`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(percent * 10) / 10}
              data-level={level}
              sx={(theme) => ({
                height: 10,
                borderRadius: 5,
                // The empty track: a light grey on a light page, a dark one on a dark page.
                bgcolor: theme.palette.mode === 'dark' ? 'grey.800' : 'grey.200',
                overflow: 'hidden',
              })}
            >
              <Box
                data-testid="score-bar"
                sx={{ height: '100%', width: `${Math.min(100, Math.max(0, percent))}%`, bgcolor: SCORE_COLORS[level] }}
              />
            </Box>
          </Box>
        );
      })}
    </ReportSection>
  );
});
