import type { StrategicDashboard } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { formatScore } from '../common/format';
import { RiskChip } from '../common/RiskChip';
import { packageRisk } from '../device/packageRisk';
import { NoData, WidgetCard } from './WidgetCard';

export function TopPackagesTable({ rows }: { rows: StrategicDashboard['top_vulnerable_packages'] }) {
  return (
    <WidgetCard title="Top vulnerable packages">
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <Table size="small" aria-label="Top vulnerable packages">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 'bold' }}>Package</TableCell>
              <TableCell sx={{ fontWeight: 'bold' }} align="right">
                Devices
              </TableCell>
              <TableCell sx={{ fontWeight: 'bold' }} align="right">
                CVEs
              </TableCell>
              <TableCell sx={{ fontWeight: 'bold' }} align="right">
                Max score
              </TableCell>
              <TableCell sx={{ fontWeight: 'bold' }}>Risk</TableCell>
              <TableCell sx={{ fontWeight: 'bold' }} align="right">
                <Tooltip title="Findings on CVEs in CISA's Known Exploited Vulnerabilities catalogue">
                  <span>KEV</span>
                </Tooltip>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.name}>
                <TableCell>{row.name}</TableCell>
                <TableCell align="right">{row.device_count}</TableCell>
                <TableCell align="right">{row.cve_count}</TableCell>
                <TableCell align="right">{formatScore(row.max_score)}</TableCell>
                <TableCell>
                  <RiskChip level={packageRisk(row.max_score)} />
                </TableCell>
                <TableCell align="right" sx={row.kev_count ? { color: '#d32f2f', fontWeight: 'bold' } : undefined}>
                  {row.kev_count ?? '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </WidgetCard>
  );
}
