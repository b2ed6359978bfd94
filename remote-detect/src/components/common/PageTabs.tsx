import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

export interface PageTabsProps<T extends string> {
  /** Prefix of the tab and panel ids (`<idPrefix>-tab-<id>`, `<idPrefix>-panel-<id>`). */
  idPrefix: string;
  tabs: readonly { id: T; label: string }[];
  value: T;
  onChange(next: T): void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** A page's tabs and the panel of the selected one, tied together for assistive technology. */
export function PageTabs<T extends string>({ idPrefix, tabs, value, onChange, children }: PageTabsProps<T>) {
  return (
    <>
      <Tabs value={value} onChange={(_, next: T) => onChange(next)} sx={{ mb: 2 }}>
        {tabs.map(({ id, label }) => (
          <Tab key={id} value={id} label={label} id={`${idPrefix}-tab-${id}`} aria-controls={`${idPrefix}-panel-${id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${idPrefix}-panel-${value}`} aria-labelledby={`${idPrefix}-tab-${value}`}>
        {children}
      </Box>
    </>
  );
}
