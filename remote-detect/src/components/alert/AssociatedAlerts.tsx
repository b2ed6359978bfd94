import { TableHeader, type AssociatedAlert } from '@console/shared';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router-dom';

/** Related alerts; one known in this tenant links to /alerts/{link}. */
export function AssociatedAlerts({ alerts }: { alerts: AssociatedAlert[] }) {
  return (
    <Table size="small" aria-label="Associated Alerts">
      <TableHeader columns={['Rule', 'Alert id']} />
      <TableBody>
        {alerts.map((item) => (
          <TableRow key={item.elastic_alert_id}>
            <TableCell>{item.elastic_rule_name}</TableCell>
            <TableCell>
              {item.link ? (
                <Link component={RouterLink} to={`/alerts/${item.link}`}>
                  {item.elastic_alert_id}
                </Link>
              ) : (
                item.elastic_alert_id
              )}
            </TableCell>
          </TableRow>
        ))}
        {alerts.length === 0 && (
          <TableRow>
            <TableCell colSpan={2}>No associated alerts.</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
