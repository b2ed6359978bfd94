import { ClientPagination, DEVICE_TABLE_PAGE_SIZES, ErrorState, LoadingState, TableHeader } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { useNavigate } from 'react-router-dom';
import { useAgents } from '../../api/agent-list';
import { useClientPaging } from '../../tables/useClientPaging';

/** The downloadable agent builds; a row opens /agents/{uid}. */
export function AgentsTab() {
  const { data, error, isLoading, mutate } = useAgents();
  const navigate = useNavigate();
  const paging = useClientPaging(data ?? [], 'agents');
  if (error) return <ErrorState message="Error loading data." onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingState />;
  return (
    <>
      <TableContainer sx={{ maxHeight: 400 }}>
        <Table size="small" stickyHeader aria-label="Agents">
          <TableHeader columns={['Device type', 'Architecture', 'Version']} />
          <TableBody>
            {paging.visible.map((agent) => (
              <TableRow
                key={agent.uid}
                hover
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => navigate(`/agents/${agent.uid}`)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') navigate(`/agents/${agent.uid}`);
                }}
              >
                <TableCell>{agent.device_type}</TableCell>
                <TableCell>{agent.architecture}</TableCell>
                <TableCell>{agent.version}</TableCell>
              </TableRow>
            ))}
            {data.length === 0 && (
              <TableRow>
                <TableCell colSpan={3}>No agents.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ClientPagination count={data.length} pageSizes={DEVICE_TABLE_PAGE_SIZES} {...paging} />
    </>
  );
}
