export const COLOR_MODE_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ColorModePreference = (typeof COLOR_MODE_PREFERENCES)[number];

export const COLOR_MODE_STORAGE_KEY = 'console.colorMode';

const isPreference = (value: unknown): value is ColorModePreference =>
  COLOR_MODE_PREFERENCES.includes(value as ColorModePreference);

/** The stored choice; "system" when none, an unknown value, or storage refused (private mode). */
export function readColorModePreference(): ColorModePreference {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function writeColorModePreference(preference: ColorModePreference): void {
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference);
  } catch {
    // Storage refused: the choice holds for this page only.
  }
}
