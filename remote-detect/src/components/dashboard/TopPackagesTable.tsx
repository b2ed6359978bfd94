import { TableHeader, type StrategicDashboard, type TableHeaderColumn } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { DISTINCT_CVES } from '../common/cveCounts';
import { formatScore } from '../common/format';
import { RiskChip } from '../common/RiskChip';
import { packageRisk } from '../device/packageRisk';
import { NoData, WidgetCard } from './WidgetCard';

const COLUMNS: TableHeaderColumn[] = [
  { label: 'Package' },
  { label: 'Devices', align: 'right' },
  {
    // A package's distinct CVEs over every device, unlike a device page's "CVEs" (package–CVE pairs).
    label: (
      <Tooltip title={`${DISTINCT_CVES} of this package, over all devices`} describeChild>
        <span>CVEs</span>
      </Tooltip>
    ),
    align: 'right',
  },
  { label: 'Max score', align: 'right' },
  { label: 'Risk' },
  {
    label: (
      <Tooltip title={`${DISTINCT_CVES} in CISA's Known Exploited Vulnerabilities catalogue`} describeChild>
        <span>KEV</span>
      </Tooltip>
    ),
    align: 'right',
  },
];

export function TopPackagesTable({ rows }: { rows: StrategicDashboard['top_vulnerable_packages'] }) {
  return (
    <WidgetCard title="Top vulnerable packages">
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <Table size="small" aria-label="Top vulnerable packages">
          <TableHeader columns={COLUMNS} />
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
                <TableCell align="right" sx={row.kev_count ? { color: 'error.main', fontWeight: 'bold' } : undefined}>
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
