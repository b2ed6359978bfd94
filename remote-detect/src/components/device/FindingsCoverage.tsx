import { countOf, coverageGaps, CoverageWarnings, type Device } from '@console/shared';

export const DEMO_DEVICE_NOTICE = 'Simulated demo device: its findings come from the demo catalogue, not from real advisories.';

export function uncheckedPackagesMessage(count: number): string {
  return `${countOf(count, 'package is', 'packages are')} not checked: no vulnerability feed covers this platform`;
}

/** The findings miss something: an ecosystem without advisories, or packages no feed covers. */
export function findingsIncomplete(device: Device): boolean {
  return coverageGaps(device.coverage, device.demo).length > 0 || (device.unmatched_packages ?? 0) > 0;
}

/** What the device's findings rest on, above its packages: demo data, and every gap in coverage. */
export function FindingsCoverage({ device }: { device: Device }) {
  const unmatched = device.unmatched_packages ?? 0;
  return (
    <CoverageWarnings
      coverage={device.coverage}
      demo={device.demo}
      demoNotice={DEMO_DEVICE_NOTICE}
      unchecked={unmatched > 0 ? uncheckedPackagesMessage(unmatched) : null}
    />
  );
}
