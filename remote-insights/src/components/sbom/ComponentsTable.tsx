import type { SortableColumn } from '@console/shared';
import TableCell from '@mui/material/TableCell';
import { memo } from 'react';
import { NOT_AVAILABLE } from '../common/format';
import { SortedTableSection, type TableSearch, type TableSort } from '../common/SortedTableSection';
import { deniedOf, type ComponentContext } from './componentContext';
import { DeniedLicenseChips } from './DeniedLicenseChips';
import { ComponentDialog } from './ComponentDialog';
import { licenseText, sortComponents, type ComponentRow, type ComponentSortField } from './sbomData';

const COLUMNS: SortableColumn<ComponentSortField>[] = [
  { label: 'Name', sortField: 'name' },
  { label: 'Type', sortField: 'type' },
  { label: 'Version', sortField: 'version' },
  { label: 'Group' },
  { label: 'Licenses' },
];

// Memoised: closed, it need not re-render with every sort or page of the table.
const Dialog = memo(ComponentDialog);

const SORT: TableSort<ComponentRow, ComponentSortField> = { rows: sortComponents, field: 'name' };

/** The table's prefix in the URL (?components_page=2). */
export const COMPONENTS_TABLE = 'components';

/** Sorted by name at first. */
export const ComponentsTable = memo(function ComponentsTable({
  rows,
  context,
  search,
}: {
  rows: ComponentRow[];
  /** What the dialog shows beside the component (its vulnerabilities, its dependency paths). */
  context: ComponentContext;
  search?: TableSearch;
}) {
  return (
    <SortedTableSection
      title="Components"
      prefix={COMPONENTS_TABLE}
      columns={COLUMNS}
      rows={rows}
      sort={SORT}
      empty="No components found"
      search={search}
      cells={({ component }) => (
        <>
          <TableCell sx={{ wordBreak: 'break-word' }}>{component.name}</TableCell>
          <TableCell>{component.type || NOT_AVAILABLE}</TableCell>
          <TableCell sx={{ wordBreak: 'break-word' }}>{component.version || NOT_AVAILABLE}</TableCell>
          <TableCell sx={{ wordBreak: 'break-word' }}>{component.group || NOT_AVAILABLE}</TableCell>
          <TableCell sx={{ wordBreak: 'break-word' }}>
            {licenseText(component.licenses) ?? NOT_AVAILABLE}
            <DeniedLicenseChips matches={deniedOf(context, component)} />
          </TableCell>
        </>
      )}
      dialog={({ item, open, close }) => (
        <Dialog component={item?.component ?? null} context={context} open={open} onClose={close} />
      )}
    />
  );
});
