import { DEFAULT_PAGE_SIZE } from '@console/shared';
import { useState } from 'react';

/** Paging of a list the API sends whole (tokens, agents, API keys). */
export function useClientPaging<T>(rows: T[], pageSize = DEFAULT_PAGE_SIZE) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRows] = useState(pageSize);
  // After a delete the current page may be past the end: show the last page instead.
  const lastPage = Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  const current = Math.min(page, lastPage);
  return {
    page: current,
    rowsPerPage,
    visible: rows.slice(current * rowsPerPage, (current + 1) * rowsPerPage),
    setPage,
    setRowsPerPage(size: number) {
      setRows(size);
      setPage(0);
    },
  };
}
