import {
  ClientPagination,
  REPORT_TABLE_PAGE_SIZES,
  SortableTableHead,
  type SortableColumn,
  type SortDirection,
} from '@console/shared';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useClientTable } from '../../tables/useClientTable';
import { useDialogItem } from '../../tables/useDialogItem';
import { ClickableRow } from './ClickableRow';
import { ReportSection } from './ReportSection';

/** How the rows sort (what useClientTable takes after the rows); `rows` and `descendingFirst` must be module-level. */
export interface TableSort<R, F extends string> {
  rows(rows: R[], field: F, direction: SortDirection): R[];
  field: F;
  direction?: SortDirection;
  descendingFirst?: readonly F[];
}

/** A search box above the table; the caller filters the rows (and keeps the text, in the URL). */
export interface TableSearch {
  value: string;
  onChange(text: string): void;
  /** What it searches, e.g. "Name or purl". */
  placeholder: string;
}

export interface SortedTableSectionProps<R extends { key: string }, F extends string> {
  /** The section's heading and the table's accessible name. */
  title: string;
  /** Names the table's sort and page in the URL (`components` → ?components_page=2); unique on the page. */
  prefix: string;
  columns: SortableColumn<F>[];
  rows: R[];
  sort: TableSort<R, F>;
  /** One row's cells, in the columns' order. */
  cells(row: R): ReactNode;
  /** The row shown when there are no rows. */
  empty: string;
  /** The dialog a row opens. */
  dialog(state: ReturnType<typeof useDialogItem<R>>): ReactNode;
  search?: TableSearch;
}

/**
 * A report section holding a table of in-memory rows: sorted by a header click, paged 5/10/25 like
 * every report table, only the visible page rendered (10,000 rows stay fast), a row opening its dialog.
 */
export function SortedTableSection<R extends { key: string }, F extends string>({
  title,
  prefix,
  columns,
  rows,
  sort,
  cells,
  empty,
  dialog,
  search,
}: SortedTableSectionProps<R, F>) {
  const table = useClientTable(rows, sort.rows, {
    prefix,
    fields: columns.flatMap((column) => (column.sortField ? [column.sortField] : [])),
    defaultField: sort.field,
    defaultDirection: sort.direction,
    descendingFirst: sort.descendingFirst,
  });
  const dialogItem = useDialogItem<R>();

  return (
    <ReportSection title={title}>
      {search && (
        <TextField
          size="small"
          label={`Search ${title.toLowerCase()}`}
          placeholder={search.placeholder}
          value={search.value}
          onChange={(event) => search.onChange(event.target.value)}
          sx={{ minWidth: 280, mb: 1 }}
        />
      )}
      <TableContainer>
        <Table size="small" aria-label={title}>
          <SortableTableHead columns={columns} orderBy={table.orderBy} direction={table.direction} onSort={table.sortBy} />
          <TableBody>
            {table.visible.map((row) => (
              <ClickableRow key={row.key} onOpen={() => dialogItem.show(row)}>
                {cells(row)}
              </ClickableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  {search?.value.trim() ? `No ${title.toLowerCase()} match the search.` : empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ClientPagination pageSizes={REPORT_TABLE_PAGE_SIZES} count={rows.length} {...table} />
      {dialog(dialogItem)}
    </ReportSection>
  );
}
