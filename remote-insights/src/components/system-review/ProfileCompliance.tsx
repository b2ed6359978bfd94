import type { ProfileScore } from '@console/shared';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { SCORE_COLORS, scoreLevel, scorePercent } from './ruleData';

export interface ProfileCompliancePanelProps {
  scores: Array<{ name: string; score: ProfileScore }>;
}

/** Score/max and a percent bar per profile, coloured by spec §4's thresholds. */
export const ProfileCompliance = memo(function ProfileCompliance({ scores }: ProfileCompliancePanelProps) {
  return (
    <Paper variant="outlined" component="section" aria-label="Profile Compliance" sx={{ p: 2, height: '100%' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 'bold', mb: 1 }}>
        Profile Compliance
      </Typography>
      {scores.length === 0 && <Typography color="text.secondary">No profile scores in this audit.</Typography>}
      {scores.map(({ name, score }) => {
        const percent = scorePercent(score);
        const level = scoreLevel(percent);
        const label = name.toUpperCase();
        return (
          <Box key={name} sx={{ mb: 2 }} data-testid={`profile-score-${name}`}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Typography sx={{ fontWeight: 'bold' }}>{label}</Typography>
              <Typography>
                {score.score}/{score.max} ({percent.toFixed(1)}%)
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, Math.max(0, percent))}
              aria-label={`${label} compliance`}
              data-level={level}
              sx={{
                height: 10,
                borderRadius: 5,
                bgcolor: 'grey.200',
                '& .MuiLinearProgress-bar': { backgroundColor: SCORE_COLORS[level], borderRadius: 5 },
              }}
            />
          </Box>
        );
      })}
    </Paper>
  );
});
