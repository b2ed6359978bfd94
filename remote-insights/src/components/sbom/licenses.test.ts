import type { SbomComponent, SbomLicense } from '@console/shared';
import { loadSbom, normaliseSbom, SBOM_FILES } from '../../testing/sbomFixtures';
import { describeWithSharedData, readSharedJson } from '../../testing/sharedData';
import { licenseIdsProblem, parseLicenseIds } from './LicensePolicyDialog';
import { deniedComponentCount, deniedLicensesOf, deniedSetOf, expressionIds, licenseSummaryOf } from './licenses';

const withLicenses = (name: string, licenses: SbomLicense[]): SbomComponent => ({
  'bom-ref': name,
  name,
  type: 'library',
  version: null,
  group: null,
  description: null,
  purl: null,
  licenses,
  properties: [],
});
const id = (value: string): SbomLicense => ({ license: { id: value, name: null, url: null } });

describe('licenseSummaryOf', () => {
  it('counts each component once per license as written (ids, names, expressions) and the unknown ones', () => {
    const portal = loadSbom(SBOM_FILES.portal);
    const summary = licenseSummaryOf(portal.components);
    // crc32 states MIT twice (plain and with a URL): one component.
    const mit = summary.licenses.find((l) => l.license === 'MIT' && l.kind === 'id')!;
    expect(mit.count).toBe(
      portal.components.filter((c) => c.licenses.some((l) => 'license' in l && l.license.id === 'MIT')).length,
    );
    expect(summary.licenses.find((l) => l.license === '(MIT OR Apache-2.0)')?.kind).toBe('expression');
    expect(summary.unknown).toBe(portal.components.filter((c) => c.licenses.length === 0).length);
    expect(summary.licenses.map((l) => l.count)).toEqual([...summary.licenses.map((l) => l.count)].sort((a, b) => b - a));
  });
});

describe('deniedLicensesOf', () => {
  const denied = deniedSetOf(['GPL-3.0-only', 'agpl-3.0-or-later']);

  it('matches an id case-insensitively, and a token of an expression ("in expression")', () => {
    expect(deniedLicensesOf(withLicenses('a', [id('gpl-3.0-ONLY')]), denied)).toEqual([{ license: 'gpl-3.0-ONLY', via: 'id' }]);
    expect(deniedLicensesOf(withLicenses('b', [{ expression: '(MIT OR AGPL-3.0-or-later)' }]), denied)).toEqual([
      { license: 'AGPL-3.0-or-later', via: 'expression' },
    ]);
    // A name written as the id counts; a longer id merely containing it does not.
    expect(
      deniedLicensesOf(withLicenses('c', [{ license: { id: null, name: 'GPL-3.0-only', url: null } }]), denied),
    ).toHaveLength(1);
    expect(deniedLicensesOf(withLicenses('d', [id('LGPL-3.0-only'), { expression: 'GPL-3.0-only-ish' }]), denied)).toEqual([]);
    expect(deniedLicensesOf(withLicenses('e', [id('MIT')]), deniedSetOf([]))).toEqual([]);
  });

  it("reads an expression's ids without operators or exceptions", () => {
    expect(expressionIds('(Apache-2.0 AND (MIT or GPL-2.0-only WITH Classpath-exception-2.0))')).toEqual([
      'Apache-2.0',
      'MIT',
      'GPL-2.0-only',
    ]);
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Raw = any;

describeWithSharedData('licenses of the real SBOMs of ../shared/data/sbom', ['sbom'], () => {
  it('summarises juice-shop and flags what a policy denies', () => {
    const juice = normaliseSbom(readSharedJson<Raw>('sbom', 'juice-shop-11.1.2.cdx-1.4.json'));
    const summary = licenseSummaryOf(juice.components);
    const stated = juice.components.length - summary.unknown;
    expect(stated).toBeGreaterThan(0);
    // Every component with a license is counted under at least one.
    expect(summary.licenses.reduce((n, l) => n + l.count, 0)).toBeGreaterThanOrEqual(stated);
    const top = summary.licenses[0]!;
    expect(top).toMatchObject({ license: 'MIT', kind: 'id' });
    const flagged = deniedComponentCount(juice.components, deniedSetOf([top.license.toLowerCase()]));
    expect(flagged).toBeGreaterThanOrEqual(top.count);
  });
});

describe('the denied list as typed', () => {
  it('splits at commas, spaces and new lines, and names what the API would refuse', () => {
    expect(parseLicenseIds(' MIT,GPL-3.0-only\n\nLicenseRef-acme  ')).toEqual(['MIT', 'GPL-3.0-only', 'LicenseRef-acme']);
    expect(licenseIdsProblem(['MIT', 'GPL-2.0+', `LicenseRef-${'x'.repeat(89)}`])).toBeNull();
    expect(licenseIdsProblem([`LicenseRef-${'x'.repeat(90)}`])).toMatch(/^Not an SPDX license id: "LicenseRef-x{29}…"/);
    expect(licenseIdsProblem(['MIT', 'Apache_2'])).toMatch(/"Apache_2"/);
    expect(licenseIdsProblem(Array.from({ length: 201 }, (_, i) => `L${i}`))).toBe(
      'At most 200 licenses can be denied (this list has 201).',
    );
  });
});
