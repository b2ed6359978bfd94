import type { Kev } from '../../types';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SafeLink } from '../SafeLink';
import { CoverageWarnings } from './CoverageWarnings';
import { DemoDataChip } from './DemoDataChip';
import { EpssValue } from './EpssValue';
import { ExploitDetails } from './ExploitDetails';
import { formatEpss } from './format';
import { KevChip } from './KevChip';

const kev: Kev = {
  date_added: '2024-01-10',
  due_date: '2024-01-31',
  known_ransomware: true,
  vendor_project: 'OpenSSL',
  product: 'OpenSSL',
  vulnerability_name: 'OpenSSL Buffer Overflow',
  required_action: 'Apply mitigations per vendor instructions.',
};

describe('vulnerability UI', () => {
  it('KevChip shows a KEV badge with the due date and ransomware use on hover; nothing without KEV', async () => {
    const { rerender } = render(<KevChip kev={kev} />);
    const chip = screen.getByLabelText('Known exploited (CISA KEV), added 2024-01-10, due 2024-01-31, known ransomware use');
    expect(chip).toHaveTextContent('KEV');
    await userEvent.hover(chip);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Due 2024-01-31');
    expect(tooltip).toHaveTextContent('Known ransomware use');
    rerender(<KevChip kev={null} />);
    expect(screen.queryByText(/KEV/)).not.toBeInTheDocument();
  });

  it('EPSS reads as a percentage, its percentile on hover', async () => {
    expect(formatEpss(0.12345)).toBe('12.3%');
    expect(formatEpss(0.00043)).toBe('0.04%');
    expect(formatEpss(0.000001)).toBe('<0.01%');
    expect(formatEpss(null)).toBe('—');
    render(
      <table>
        <tbody>
          <tr>
            <td>
              <EpssValue epss={0.12345} percentile={0.951} />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    // The hover text describes the value; a screen reader still reads the value as the cell.
    expect(screen.getByRole('cell', { name: '12.3%' })).toBeInTheDocument();
    await userEvent.hover(screen.getByText('12.3%'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Percentile 95.1');
  });

  it('DemoDataChip says "Demo data"', () => {
    render(
      <table>
        <tbody>
          <tr>
            <td>
              <DemoDataChip />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    expect(screen.getByRole('cell', { name: 'Demo data' })).toBeInTheDocument();
  });

  it('CoverageWarnings names each ecosystem without advisories and what was not checked, nothing when covered', () => {
    const coverage = [
      { ecosystem: 'Alpine:v3.18', packages: 4, advisories: 120, demo_advisories: 0 },
      { ecosystem: 'Debian:12', packages: 300, advisories: 0, demo_advisories: 12 },
    ];
    const { rerender } = render(
      <CoverageWarnings coverage={coverage} unchecked="3 packages are not checked: no vulnerability feed covers this platform" />,
    );
    const alerts = within(screen.getByLabelText('Coverage warnings')).getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'No advisories loaded for Debian:12 — findings are incomplete',
      '3 packages are not checked: no vulnerability feed covers this platform',
    ]);
    // On a demo device, the demo catalogue covers Debian:12.
    rerender(<CoverageWarnings coverage={coverage} demo />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<CoverageWarnings coverage={[{ ...coverage[1]!, demo_advisories: 0 }]} demo />);
    expect(screen.getByRole('alert')).toHaveTextContent('No advisories loaded for Debian:12 — findings are incomplete');
    rerender(<CoverageWarnings coverage={undefined} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ExploitDetails lists the KEV details and EPSS with its percentile', () => {
    const { rerender } = render(<ExploitDetails kev={kev} epss={0.9731} epssPercentile={0.9988} />);
    expect(screen.getByText('2024-01-10')).toBeInTheDocument();
    expect(screen.getByText('2024-01-31')).toBeInTheDocument();
    expect(screen.getByText('Apply mitigations per vendor instructions.')).toBeInTheDocument();
    expect(screen.getByText('Known ransomware use').nextElementSibling).toHaveTextContent('Known');
    expect(screen.getByText('EPSS').nextElementSibling).toHaveTextContent('97.3% (percentile 99.9)');
    rerender(<ExploitDetails kev={null} epss={null} epssPercentile={null} />);
    expect(screen.getByText("Not in CISA's KEV catalogue")).toBeInTheDocument();
    expect(screen.getByText('No EPSS score')).toBeInTheDocument();
    expect(screen.queryByText('Required action')).not.toBeInTheDocument();
  });

  it('SafeLink opens http(s) in a new tab without an opener, and never links javascript:', () => {
    render(
      <>
        <SafeLink href="https://nvd.nist.gov/vuln/detail/CVE-2024-0001">NVD</SafeLink>
        <SafeLink href="javascript:alert(1)">Evil</SafeLink>
      </>,
    );
    const link = screen.getByRole('link', { name: 'NVD' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Evil').closest('a')).toBeNull();
  });
});
