import { ErrorState, LoadingState, TableHeader } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useDeviceThreads } from '../../api/device-thread-list';
import { formatPercent } from '../common/format';

/** RTOS threads with their average CPU use; the page renders it for RTOS devices only. */
export function ThreadsTable({ uid }: { uid: string }) {
  const { data, error, isLoading, mutate } = useDeviceThreads(uid, true);
  if (error) return <ErrorState message="Error loading device threads." onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingState />;
  return (
    <TableContainer sx={{ maxHeight: 300 }}>
      <Table size="small" stickyHeader aria-label="RTOS Threads">
        <TableHeader columns={['Thread', { label: 'Average CPU usage', align: 'right' }]} />
        <TableBody>
          {data.map((thread) => (
            <TableRow key={thread.thread_name}>
              <TableCell>{thread.thread_name}</TableCell>
              <TableCell align="right">{formatPercent(thread.avg_cpu_usage)}</TableCell>
            </TableRow>
          ))}
          {data.length === 0 && (
            <TableRow>
              <TableCell colSpan={2}>No threads reported.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
