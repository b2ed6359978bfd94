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
import { memo, type ReactNode } from 'react';
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

// Memoised: a sort, page or search of the other table on the page changes the URL too, and
// re-renders this section; its head, rows, box and pagination only when their own props change.
const Head = memo(SortableTableHead) as typeof SortableTableHead;
const Pagination = memo(ClientPagination);

const SearchBox = memo(function SearchBox({ title, search }: { title: string; search: TableSearch }) {
  return (
    <TextField
      size="small"
      label={`Search ${title.toLowerCase()}`}
      placeholder={search.placeholder}
      value={search.value}
      onChange={(event) => search.onChange(event.target.value)}
      sx={{ minWidth: 280, mb: 1 }}
    />
  );
});

interface RowsProps<R> {
  rows: R[];
  cells(row: R): ReactNode;
  onOpen(row: R): void;
}

const Rows = memo(function Rows<R extends { key: string }>({ rows, cells, onOpen }: RowsProps<R>) {
  return rows.map((row) => (
    <ClickableRow key={row.key} onOpen={() => onOpen(row)}>
      {cells(row)}
    </ClickableRow>
  ));
}) as <R extends { key: string }>(props: RowsProps<R>) => ReactNode;

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
      {search && <SearchBox title={title} search={search} />}
      <TableContainer>
        <Table size="small" aria-label={title}>
          <Head columns={columns} orderBy={table.orderBy} direction={table.direction} onSort={table.sortBy} />
          <TableBody>
            <Rows rows={table.visible} cells={cells} onOpen={dialogItem.show} />
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
      <Pagination
        pageSizes={REPORT_TABLE_PAGE_SIZES}
        count={rows.length}
        page={table.page}
        rowsPerPage={table.rowsPerPage}
        setPage={table.setPage}
        setRowsPerPage={table.setRowsPerPage}
      />
      {dialog(dialogItem)}
    </ReportSection>
  );
}
