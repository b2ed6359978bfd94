import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadSbom, SBOM_FILES } from '../../testing/sbomFixtures';
import { ComponentDialog } from './ComponentDialog';
import { componentContextOf } from './componentContext';
import { GRAPH_NOT_KEPT } from './ComponentRelations';
import { buildSbomView } from './sbomData';

const portal = loadSbom(SBOM_FILES.portal);
const component = (name: string) => portal.components.find((c) => c.name === name)!;
const context = componentContextOf(portal, buildSbomView(portal).vulnerabilities);

describe('ComponentDialog', () => {
  it('shows type, group, description, package URL, licenses with safe links and properties', () => {
    render(<ComponentDialog component={component('crc32')} context={context} open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'crc32 0.2.13' });
    expect(within(dialog).getByText('library')).toBeInTheDocument();
    expect(within(dialog).getByText('Group').nextElementSibling).toHaveTextContent('example');
    expect(within(dialog).getByText('A pure PHP CRC32 function (test data)')).toBeInTheDocument();
    expect(within(dialog).getByText('pkg:composer/example/crc32@0.2.13')).toBeInTheDocument();
    // Two MIT entries in the file: one plain, one with the license text's URL.
    const link = within(dialog).getByRole('link', { name: 'MIT' });
    expect(link).toHaveAttribute('href', 'https://example.com/crc32/LICENSE');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getAllByText('MIT')).toHaveLength(2);
    const properties = within(dialog).getByRole('table', { name: 'Properties' });
    expect(within(properties).getByText('cdx:composer:package:distReference')).toBeInTheDocument();
  });

  it('shows an SPDX expression as text, not a link', () => {
    render(<ComponentDialog component={component('base64')} context={context} open onClose={() => undefined} />);
    expect(screen.getByText('(MIT OR Apache-2.0)')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says N/A for what a component lacks, and closes', async () => {
    const onClose = jest.fn();
    const bare = {
      'bom-ref': null,
      name: 'busybox',
      type: 'application',
      version: null,
      group: null,
      description: null,
      purl: null,
      licenses: [],
      properties: [],
    };
    render(<ComponentDialog component={bare} context={context} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'busybox' });
    for (const label of ['Group', 'Version', 'Description', 'Package URL', 'Licenses']) {
      expect(within(dialog).getByText(label).nextElementSibling).toHaveTextContent('N/A');
    }
    expect(within(dialog).getByText('Properties: N/A')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("lists the component's vulnerabilities and its shortest dependency paths from the root", () => {
    const shop = loadSbom(SBOM_FILES.shop);
    const shopContext = componentContextOf(shop, buildSbomView(shop).vulnerabilities);
    const jquery = shop.components.find((c) => c.name === 'jquery')!;
    const { unmount } = render(<ComponentDialog component={jquery} context={shopContext} open onClose={() => undefined} />);
    const table = screen.getByRole('table', { name: 'Vulnerabilities of the component' });
    expect(within(table).getByText('CVE-2999-1005')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Dependency paths' })).getByRole('listitem')).toHaveTextContent(
      'example/shop → package-lock.json → jquery@3.4.1',
    );
    unmount();
    // Transitive (react → loose-envify → js-tokens), no vulnerability of its own.
    const tokens = shop.components.find((c) => c.name === 'js-tokens')!;
    render(<ComponentDialog component={tokens} context={shopContext} open onClose={() => undefined} />);
    expect(screen.getByText('None listed for this component in this SBOM.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Dependency paths' })).getByRole('listitem')).toHaveTextContent(
      'example/shop → package-lock.json → react@18.2.0 → loose-envify@1.4.0 → js-tokens@4.0.0',
    );
  });

  it('says why a component has no path: outside the graph, or unreached', () => {
    const shop = loadSbom(SBOM_FILES.shop);
    const shopContext = componentContextOf(shop, []);
    const old = shop.components.find((c) => c.name === 'lodash' && c.version === '4.17.20')!;
    render(<ComponentDialog component={old} context={shopContext} open onClose={() => undefined} />);
    expect(screen.getByText('No path from the root: not in the dependency graph.')).toBeInTheDocument();
  });

  it('says the paths are unknown for an SBOM stored before the graph was kept', () => {
    const { dependencies: _, ...stored } = loadSbom(SBOM_FILES.shop);
    const jquery = stored.components.find((c) => c.name === 'jquery')!;
    render(<ComponentDialog component={jquery} context={componentContextOf(stored, [])} open onClose={() => undefined} />);
    expect(screen.getByText(GRAPH_NOT_KEPT)).toBeInTheDocument();
    expect(screen.queryByText('No dependency graph in this SBOM.')).not.toBeInTheDocument();
  });

  it('handles a cyclic graph and shows at most 10 paths, saying how many more', () => {
    // root → a1..a12 → hub → a1 (a cycle back): 12 shortest paths to the hub.
    const many = Array.from({ length: 12 }, (_, i) => `a${i + 1}`);
    const sbom = {
      ...portal,
      metadata: { ...portal.metadata, component: { ...portal.metadata.component!, 'bom-ref': 'root' } },
      dependencies: [
        { ref: 'root', dependsOn: many },
        ...many.map((ref) => ({ ref, dependsOn: ['hub'] })),
        { ref: 'hub', dependsOn: ['a1', 'root'] },
      ],
    };
    const hub = { ...component('crc32'), 'bom-ref': 'hub' };
    render(<ComponentDialog component={hub} context={componentContextOf(sbom, [])} open onClose={() => undefined} />);
    expect(within(screen.getByRole('list', { name: 'Dependency paths' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('2 more shortest paths not shown.')).toBeInTheDocument();
  });
});
