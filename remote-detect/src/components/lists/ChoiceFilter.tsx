import { FilterSelect } from '@console/shared';
import type { FilterOption } from './filterOptions';

export interface ChoiceFilterProps {
  label: string;
  /** '' is "All". */
  value: string;
  options: readonly FilterOption[];
  onChange(value: string): void;
}

const ALL = { value: '', label: 'All' };

/** A filter above a list: All, or one of a few values. */
export function ChoiceFilter({ label, value, options, onChange }: ChoiceFilterProps) {
  return <FilterSelect label={label} value={value} onChange={onChange} all={ALL} options={options} minWidth={140} />;
}
