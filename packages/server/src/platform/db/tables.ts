/**
 * The tables this module owns (issue 38): only its own files query them; other modules read
 * them through this module's public functions.
 */
export interface SettingsTables {
  settings: SettingsTable;
}

export interface SettingsTable {
  key: string;
  value: string;
}
