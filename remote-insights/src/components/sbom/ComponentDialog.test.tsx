import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadSbom, SBOM_FILES } from '../../testing/sbomFixtures';
import { ComponentDialog } from './ComponentDialog';

const portal = loadSbom(SBOM_FILES.portal);
const component = (name: string) => portal.components.find((c) => c.name === name)!;

describe('ComponentDialog', () => {
  it('shows type, group, description, package URL, licenses with safe links and properties', () => {
    render(<ComponentDialog component={component('crc32')} open onClose={() => undefined} />);
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
    render(<ComponentDialog component={component('base64')} open onClose={() => undefined} />);
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
    render(<ComponentDialog component={bare} open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'busybox' });
    for (const label of ['Group', 'Version', 'Description', 'Package URL', 'Licenses']) {
      expect(within(dialog).getByText(label).nextElementSibling).toHaveTextContent('N/A');
    }
    expect(within(dialog).getByText('Properties: N/A')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
