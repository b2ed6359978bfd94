import { useState } from 'react';

export interface RowSelection {
  /** Every row matching the list's filters is selected, those on other pages too. */
  allMatching: boolean;
  /** The rows ticked one by one (empty while allMatching). */
  uids: ReadonlySet<string>;
  isSelected(uid: string): boolean;
  /** Ticks or unticks one row; unticking one of "all matching" keeps the rest of this page. */
  toggle(uid: string, pageUids: readonly string[]): void;
  /** Ticks the page's rows, or unticks them when all were ticked. */
  togglePage(pageUids: readonly string[]): void;
  selectAllMatching(): void;
  clear(): void;
}

interface State {
  view: string;
  all: boolean;
  uids: ReadonlySet<string>;
}

const none = (view: string): State => ({ view, all: false, uids: new Set() });

/**
 * Rows ticked across the pages of one view. `view` names the filters and search: when it changes
 * the selection is dropped, so "all N matching" never means rows the analyst no longer sees.
 */
export function useRowSelection(view: string): RowSelection {
  const [stored, setState] = useState<State>(() => none(view));
  const state = stored.view === view ? stored : none(view);
  // Adjusted during render: no frame shows the old view's selection.
  if (stored !== state) setState(state);

  const set = (all: boolean, uids: ReadonlySet<string>) => setState({ view, all, uids });
  return {
    allMatching: state.all,
    uids: state.uids,
    isSelected: (uid) => state.all || state.uids.has(uid),
    toggle(uid, pageUids) {
      const uids = new Set(state.all ? pageUids : state.uids);
      if (state.all || uids.has(uid)) uids.delete(uid);
      else uids.add(uid);
      set(false, uids);
    },
    togglePage(pageUids) {
      const everyTicked = state.all || pageUids.every((uid) => state.uids.has(uid));
      const uids = new Set(state.all ? [] : state.uids);
      for (const uid of pageUids) {
        if (everyTicked) uids.delete(uid);
        else uids.add(uid);
      }
      set(false, uids);
    },
    selectAllMatching: () => set(true, new Set()),
    clear: () => set(false, new Set()),
  };
}
