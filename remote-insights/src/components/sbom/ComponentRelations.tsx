import { TableHeader, type SbomComponent } from '@console/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { SeverityChip } from '../common/SeverityChip';
import type { ComponentContext } from './componentContext';
import { dependencyPaths, type DependencyPaths } from './dependencyPaths';
import { AnalysisSummary } from './VulnerabilityFacts';

const Heading = ({ children }: { children: string }) => (
  <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
    {children}
  </Typography>
);

const Note = ({ children }: { children: string }) => <Box sx={{ color: 'text.secondary' }}>{children}</Box>;

/** Why a component has no path, as the dialog says it. */
export const NO_PATH_TEXT: Record<Exclude<DependencyPaths['kind'], 'paths'>, string> = {
  'no-graph': 'No dependency graph in this SBOM.',
  'no-root': "No path from the root: the SBOM's dependency graph does not start from a stated root component.",
  'not-in-graph': 'No path from the root: not in the dependency graph.',
  unreachable: 'No path from the root: nothing the root depends on leads to it.',
};

/** An SBOM stored before the graph was kept: unknown, not "no graph". */
export const GRAPH_NOT_KEPT =
  'Dependency paths unknown: this SBOM was stored before the console kept dependency graphs. Upload it again to see them.';

function Vulnerabilities({ component, context }: { component: SbomComponent; context: ComponentContext }) {
  const rows = context.vulnerabilitiesOf(component['bom-ref']);
  if (rows.length === 0) return <Note>None listed for this component in this SBOM.</Note>;
  return (
    <Table size="small" aria-label="Vulnerabilities of the component">
      <TableHeader columns={['Vulnerability ID', 'Severity', 'Analysis']} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell sx={{ wordBreak: 'break-word' }}>{row.vulnerability.id ?? row.vulnerability['bom-ref'] ?? '—'}</TableCell>
            <TableCell>
              <SeverityChip severity={row.severity} />
            </TableCell>
            <TableCell>
              <AnalysisSummary row={row} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Paths({ component, context }: { component: SbomComponent; context: ComponentContext }) {
  const result = useMemo(() => dependencyPaths(context.graph, context.rootRef, component['bom-ref']), [context, component]);
  if (!context.graphKept) return <Note>{GRAPH_NOT_KEPT}</Note>;
  if (result.kind !== 'paths') return <Note>{NO_PATH_TEXT[result.kind]}</Note>;
  const more = result.total - result.paths.length;
  return (
    <>
      <Box component="ol" aria-label="Dependency paths" sx={{ m: 0, pl: 3 }}>
        {result.paths.map((path) => (
          <li key={path.join('\n')} style={{ wordBreak: 'break-word' }}>
            {path.map(context.labelOf).join(' → ')}
          </li>
        ))}
      </Box>
      {more > 0 && <Note>{`${more.toLocaleString('en-US')} more shortest paths not shown.`}</Note>}
    </>
  );
}

/** The component's vulnerabilities and its shortest dependency paths from the SBOM's root. */
export function ComponentRelations({ component, context }: { component: SbomComponent; context: ComponentContext }) {
  return (
    <>
      <Heading>Vulnerabilities</Heading>
      <Vulnerabilities component={component} context={context} />
      <Heading>Dependency paths from the root (shortest)</Heading>
      <Paths component={component} context={context} />
    </>
  );
}
