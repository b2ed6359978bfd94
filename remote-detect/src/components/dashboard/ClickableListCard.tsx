import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { NoData, WidgetCard } from './WidgetCard';

export interface ClickableListCardProps<R extends { uid: string }> {
  /** The card's title, which also names the list. */
  title: string;
  rows: readonly R[];
  onSelect(row: R): void;
  /** A row's text, its second line and the chip at its end. */
  primary(row: R): ReactNode;
  secondary(row: R): ReactNode;
  chip(row: R): ReactNode;
}

/** A dashboard card listing rows, each a button (the dashboards' lists of alerts and devices). */
export function ClickableListCard<R extends { uid: string }>({
  title,
  rows,
  onSelect,
  primary,
  secondary,
  chip,
}: ClickableListCardProps<R>) {
  return (
    <WidgetCard title={title}>
      {rows.length === 0 ? (
        <NoData />
      ) : (
        <List dense aria-label={title}>
          {rows.map((row) => (
            // Each button in a list item: a <ul> holds only <li>, or screen readers miscount it.
            <ListItem key={row.uid} disablePadding>
              <ListItemButton onClick={() => onSelect(row)}>
                <ListItemText primary={primary(row)} secondary={secondary(row)} />
                {chip(row)}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </WidgetCard>
  );
}
