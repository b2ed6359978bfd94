import { ClientPagination, REPORT_TABLE_PAGE_SIZES, SortableTableHead, type SortableColumn } from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import { memo } from 'react';
import { useClientTable } from '../../tables/useClientTable';
import { useDialogItem } from '../../tables/useDialogItem';
import { ClickableRow } from '../common/ClickableRow';
import { NOT_AVAILABLE } from '../common/format';
import { ReportSection } from '../common/ReportSection';
import { ComponentDialog } from './ComponentDialog';
import { licenseText, sortComponents, type ComponentRow, type ComponentSortField } from './sbomData';

const COLUMNS: SortableColumn<ComponentSortField>[] = [
  { label: 'Name', sortField: 'name' },
  { label: 'Type', sortField: 'type' },
  { label: 'Version', sortField: 'version' },
  { label: 'Group' },
  { label: 'Licenses' },
];

/** Sorted in memory, only the visible page rendered (10,000 components stay fast). */
export const ComponentsTable = memo(function ComponentsTable({ rows }: { rows: ComponentRow[] }) {
  const table = useClientTable(rows, sortComponents, 'name');
  const dialog = useDialogItem<ComponentRow>();

  return (
    <ReportSection title="Components">
      <TableContainer>
        <Table size="small" aria-label="Components">
          <SortableTableHead columns={COLUMNS} orderBy={table.orderBy} direction={table.direction} onSort={table.sortBy} />
          <TableBody>
            {table.visible.map((row) => (
              <ClickableRow key={row.key} onOpen={() => dialog.show(row)}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.component.name}</TableCell>
                <TableCell>{row.component.type || NOT_AVAILABLE}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.component.version || NOT_AVAILABLE}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{row.component.group || NOT_AVAILABLE}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{licenseText(row.component.licenses) ?? NOT_AVAILABLE}</TableCell>
              </ClickableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>No components found</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ClientPagination pageSizes={REPORT_TABLE_PAGE_SIZES} count={rows.length} {...table} />
      <ComponentDialog component={dialog.item?.component ?? null} open={dialog.open} onClose={dialog.close} />
    </ReportSection>
  );
});
