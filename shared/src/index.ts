export {
  ACCENT_COLOR,
  TOPBAR_COLOR,
  DRAWER_WIDTH,
  HIGH_RISK_CVSS,
  DEVICE_TABLE_PAGE_SIZES,
  REPORT_TABLE_PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  MIN_PASSWORD_LENGTH,
  DEVICE_TYPES,
  ASSESSMENT_TYPES,
  PRODUCT_NAME,
} from './constants';
export { theme, createConsoleTheme } from './theme/consoleTheme';
export type { ShellPalette } from './theme/consoleTheme';
export { ColorModeProvider, useColorMode } from './theme/ColorModeProvider';
export type { ColorModeContextValue } from './theme/ColorModeProvider';
export { COLOR_MODE_PREFERENCES, COLOR_MODE_STORAGE_KEY } from './theme/colorModeStorage';
export type { ColorModePreference } from './theme/colorModeStorage';
export type * from './types';
export { http, refreshClient, createHttpClient, isNoRetryPath, API_BASE_URL } from './http/createHttpClient';
export type { HttpClientOptions, HttpClients } from './http/createHttpClient';
export { prefetchGet, PREFETCH_FRESH_MS } from './http/prefetch';
export { AuthProvider } from './auth/AuthProvider';
export type { AuthProviderProps } from './auth/AuthProvider';
export { useAuth, AuthContext } from './auth/AuthContext';
export type { AuthContextValue } from './auth/AuthContext';
export { errorMessage, INVALID_CREDENTIALS_MESSAGE } from './auth/authApi';
export { SWRProvider } from './swr/SWRProvider';
export { swrConfig, fetcher, retryDelay, gcMiddleware } from './swr/swrConfig';
export { createGcCache, CACHE_TTL_MS } from './swr/gcCache';
export type { GcCache } from './swr/gcCache';
export { useApi } from './swr/useApi';
export { CloseableDialog } from './components/CloseableDialog';
export type { CloseableDialogProps } from './components/CloseableDialog';
export { ConfirmDialog } from './components/ConfirmDialog';
export { FormDialog } from './components/FormDialog';
export type { FormDialogProps } from './components/FormDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog';
export { ErrorState } from './components/ErrorState';
export type { ErrorStateProps } from './components/ErrorState';
export { ErrorTableRow } from './components/ErrorTableRow';
export type { ErrorTableRowProps } from './components/ErrorTableRow';
export { LoadingState } from './components/LoadingState';
export { PlaceholderPage } from './components/PlaceholderPage';
export { AppProviders } from './components/AppProviders';
export { DevShell, renderDevShell } from './components/DevShell';
export { TenantCaption } from './components/TenantCaption';
export { CopyButton, COPIED_FEEDBACK_MS } from './components/CopyButton';
export type { CopyButtonProps } from './components/CopyButton';
export { FieldList } from './components/FieldList';
export type { Field, FieldListProps } from './components/FieldList';
export { ClientPagination } from './components/ClientPagination';
export type { ClientPaginationProps } from './components/ClientPagination';
export { SortableTableHead } from './components/SortableTableHead';
export type { SortableColumn, SortableTableHeadProps, SortDirection } from './components/SortableTableHead';
export { TableHeader } from './components/TableHeader';
export type { TableHeaderColumn, TableHeaderProps } from './components/TableHeader';
export { VisuallyHidden } from './components/VisuallyHidden';
export { FilterSelect } from './components/FilterSelect';
export type { FilterOption, FilterSelectProps } from './components/FilterSelect';
export { CommandBlock } from './components/CommandBlock';
export type { CommandBlockProps } from './components/CommandBlock';
export { SafeLink, httpUrl } from './components/SafeLink';
export type { SafeLinkProps } from './components/SafeLink';
export * from './components/vulns';
export { ExportCsvButton } from './components/ExportCsvButton';
export type { ExportCsvButtonProps } from './components/ExportCsvButton';
export { downloadFile, attachmentName } from './download/downloadFile';
export { PageBreadcrumbs } from './components/PageBreadcrumbs';
export type { Crumb, PageBreadcrumbsProps } from './components/PageBreadcrumbs';
export { formatDateTime, formatUtcDay, isIsoDateTime } from './format/formatDateTime';
export { useDocumentTitle, documentTitle } from './document/useDocumentTitle';
export { useUrlTableState } from './url/useUrlTableState';
export type { UrlTableOptions, UrlTableState } from './url/useUrlTableState';
export { useUrlChoice, useUrlText } from './url/useUrlChoice';
export type { UrlChoiceOptions } from './url/useUrlChoice';
export { useQueryUpdate } from './url/useQueryUpdate';
export type { QueryChanges, QueryUpdateOptions } from './url/useQueryUpdate';
export { tableParam, MAX_URL_PAGE, MAX_URL_SEARCH_LENGTH } from './url/queryValues';
export type { SortState } from './url/queryValues';
export { escapeHtml, unescapeHtml, escapeChartInput } from './charts/escapeHtml';
export { safeChartOptions } from './charts/safeChartOptions';
export { ApexChart } from './charts/ApexChart';
export { preloadApexCharts } from './charts/loadApexCharts';
export type { ApexChartProps, ChartType } from './charts/ApexChart';
export { definePages } from './pages/definePages';
export type { PageDefinition, PageManifestEntry, PageModule } from './pages/definePages';
export { PageRoutes } from './pages/PageRoutes';
export type { PageRoutesProps } from './pages/PageRoutes';
