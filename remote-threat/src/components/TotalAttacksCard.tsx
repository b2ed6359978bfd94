import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { HoneypotRange } from '@console/shared';
import { rangeWords } from '../range/range';

export interface TotalAttacksCardProps {
  total: number;
  /** The chosen range; none: the spec's last 24 hours. */
  range?: HoneypotRange;
}

export function TotalAttacksCard({ total, range }: TotalAttacksCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h2">
          Total Attacks
        </Typography>
        <Typography variant="h3" component="p" data-testid="total-attacks">
          {total.toLocaleString('en-US')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {range === undefined ? 'in the last 24hrs' : `in the ${rangeWords(range)}`}
        </Typography>
      </CardContent>
    </Card>
  );
}
