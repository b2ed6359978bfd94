import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

export interface TotalAttacksCardProps {
  total: number;
}

export function TotalAttacksCard({ total }: TotalAttacksCardProps) {
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
          in the last 24hrs
        </Typography>
      </CardContent>
    </Card>
  );
}
