import type { HoneypotRange } from '@console/shared';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { RANGES } from '../range/range';

export interface RangeSelectorProps {
  value: HoneypotRange | undefined;
  onChange: (range: HoneypotRange | undefined) => void;
}

/** 24 h, 7 d, 14 d, 30 d; pressing the chosen one again goes back to the spec's defaults. */
export function RangeSelector({ value, onChange }: RangeSelectorProps) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value ?? null}
      aria-label="Time range"
      onChange={(_event, next: HoneypotRange | null) => onChange(next ?? undefined)}
    >
      {RANGES.map((range) => (
        // The name starts with the visible text ("7 d"), so speech users can say what they see.
        <ToggleButton key={range.value} value={range.value} aria-label={`${range.label} (${range.words})`}>
          {range.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
