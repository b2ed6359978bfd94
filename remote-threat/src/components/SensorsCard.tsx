import { formatDateTime, type HoneypotRange } from '@console/shared';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useHoneypotSensors } from '../api/honeypot-sensors';
import { rangeWords } from '../range/range';
import { LandscapeCard } from './LandscapeCard';
import { Loaded } from './Loaded';

/** A sensor that has sent nothing for this long reads as quiet. */
export const QUIET_AFTER_MS = 60 * 60 * 1000;

/** Each sensor key: its name, its last event, its events in the range, and whether it went quiet. */
export function SensorsCard({ range }: { range: HoneypotRange | undefined }) {
  const result = useHoneypotSensors(range);
  return (
    <LandscapeCard title="Sensors">
      <Loaded what="the sensors" result={result}>
        {({ sensors, to }) =>
          sensors.length === 0 ? (
            <Typography color="text.secondary">
              No sensor keys yet: an operator creates one with <code>npm run cli -- create-sensor-key --name NAME</code>.
            </Typography>
          ) : (
            <Table size="small" aria-label="Sensors">
              <TableHead>
                <TableRow>
                  <TableCell>Sensor key</TableCell>
                  <TableCell>Last event received</TableCell>
                  <TableCell align="right">Events ({rangeWords(range)})</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sensors.map((sensor) => {
                  // Against the server's clock at the answer, not this browser's.
                  const quiet =
                    sensor.last_event_at === null || Date.parse(to) - Date.parse(sensor.last_event_at) > QUIET_AFTER_MS;
                  return (
                    <TableRow key={sensor.id}>
                      <TableCell>{sensor.name}</TableCell>
                      <TableCell>
                        {sensor.last_event_at === null ? 'Never' : formatDateTime(sensor.last_event_at)}{' '}
                        {quiet && <Chip size="small" color="warning" label="Quiet" sx={{ ml: 1 }} />}
                      </TableCell>
                      <TableCell align="right">{sensor.events.toLocaleString('en-US')}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )
        }
      </Loaded>
    </LandscapeCard>
  );
}
