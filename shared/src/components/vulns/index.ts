export { KevChip, kevSummary } from './KevChip';
export { DemoDataChip, DEMO_DATA_LABEL } from './DemoDataChip';
export { EpssValue, epssTooltip } from './EpssValue';
export type { EpssValueProps } from './EpssValue';
export { CoverageWarnings } from './CoverageWarnings';
export type { CoverageWarningsProps } from './CoverageWarnings';
export { ExploitDetails, exploitFields } from './ExploitDetails';
export type { ExploitDetailsProps } from './ExploitDetails';
export { formatEpss, formatPercentile, coverageGaps, gapMessage, countOf } from './format';
