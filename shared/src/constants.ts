export const ACCENT_COLOR = '#5a00ff';
export const TOPBAR_COLOR = '#eeeeee';
export const DRAWER_WIDTH = 240;
/** A CVE is high risk when its CVSS score is above this value. */
export const HIGH_RISK_CVSS = 7.5;
export const DEVICE_TABLE_PAGE_SIZES = [5, 10, 25, 50] as const;
export const REPORT_TABLE_PAGE_SIZES = [5, 10, 25] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MIN_PASSWORD_LENGTH = 6;
export const DEVICE_TYPES = ['linux', 'rtos'] as const;
export const ASSESSMENT_TYPES = ['system', 'application'] as const;
/** The product's name: the logo's text and the end of every browser tab title. */
export const PRODUCT_NAME = 'Security Console';
