import { FieldList, SafeLink, TableHeader, type SbomComponent } from '@console/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { NOT_AVAILABLE, orNA } from '../common/format';
import { deniedOf, type ComponentContext } from './componentContext';
import { DeniedLicenseChips } from './DeniedLicenseChips';
import { ComponentRelations } from './ComponentRelations';

function Licenses({ component }: { component: SbomComponent }) {
  const licenses = component.licenses ?? [];
  if (licenses.length === 0) return <>{NOT_AVAILABLE}</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {licenses.map((entry, index) => {
        if ('expression' in entry) return <li key={index}>{entry.expression}</li>;
        const { id, name, url } = entry.license ?? {};
        const label = id ?? name ?? url ?? NOT_AVAILABLE;
        return <li key={index}>{url ? <SafeLink href={url}>{label}</SafeLink> : label}</li>;
      })}
    </Box>
  );
}

/** One component of the SBOM (spec §2 component dialog). */
export function ComponentDialog({
  component,
  context,
  open,
  onClose,
}: {
  component: SbomComponent | null;
  context: ComponentContext;
  open: boolean;
  onClose(): void;
}) {
  const properties = component?.properties ?? [];
  return (
    <Dialog open={open && component !== null} onClose={onClose} aria-labelledby="component-dialog-title" maxWidth="md" fullWidth>
      <DialogTitle id="component-dialog-title" sx={{ wordBreak: 'break-word' }}>
        {component ? [component.name, component.version].filter(Boolean).join(' ') : ''}
      </DialogTitle>
      {component && (
        <DialogContent dividers>
          <FieldList
            preWrap
            fields={[
              { label: 'Type', value: orNA(component.type) },
              { label: 'Group', value: orNA(component.group) },
              { label: 'Version', value: orNA(component.version) },
              { label: 'Description', value: orNA(component.description) },
              { label: 'Package URL', value: component.purl ? <code>{component.purl}</code> : NOT_AVAILABLE },
              {
                label: 'Licenses',
                value: (
                  <>
                    <Licenses component={component} />
                    <DeniedLicenseChips matches={deniedOf(context, component)} />
                  </>
                ),
              },
            ]}
          />
          {properties.length > 0 && (
            <Table size="small" aria-label="Properties" sx={{ mt: 2 }}>
              <TableHeader columns={['Property', 'Value']} />
              <TableBody>
                {properties.map((property, index) => (
                  <TableRow key={index}>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{property.name}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{property.value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {properties.length === 0 && <Box sx={{ mt: 2, color: 'text.secondary' }}>Properties: {NOT_AVAILABLE}</Box>}
          <ComponentRelations component={component} context={context} />
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
