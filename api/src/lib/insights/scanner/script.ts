import { fillAsset, shellQuote as quote } from '../../assets.js'
import { PROFILES, RULE_SET, RULES, SSHD_DEFAULTS, type Rule } from './rules.js'

export const SCANNER_VERSION = '1.0.0'

// The heredoc delimiters of console-scan.sh: no rule field may be one of them.
const RULES_TSV_END = 'CONSOLE_SCAN_RULES_TSV'

/**
 * One line per rule for the scanner's read loop: id, type, strategy, target, check, profiles
 * (comma-separated), OS ids (comma-separated). Tab is IFS white space in sh, so an empty field
 * would shift the others: every field must be non-empty and free of tabs and line breaks.
 */
export function rulesTable(rules: readonly Rule[] = RULES): string {
  return rules
    .map((rule) => {
      const fields = [
        rule.id,
        rule.test.type,
        rule.test.strategy,
        rule.test.target,
        rule.test.check,
        rule.profiles.join(','),
        Object.keys(rule.os).join(',')
      ]
      for (const field of fields) {
        if (field === '' || /[\t\n\r]/.test(field) || field === RULES_TSV_END)
          throw new Error(`rule ${rule.id}: a test field is empty or holds a tab or line break`)
      }
      return fields.join('\t')
    })
    .join('\n')
}

let cached: string | undefined

/**
 * The scanner served by GET /api/v1/insights/cli/scanner: a dependency-free POSIX sh program
 * (sh + awk + coreutils; curl or wget only for the upload) with the rule set built in. The program
 * is api/assets/scanner/console-scan.sh; its @@NAME@@ placeholders are filled in here (the SSH
 * defaults replace a whole comment line, so the file itself stays valid sh for shellcheck).
 */
export function scannerScript(): string {
  if (cached !== undefined) return cached
  const knownOs = [...new Set(RULES.flatMap((r) => Object.keys(r.os)))].join(' ')
  const sshdDefaults = Object.entries(SSHD_DEFAULTS)
    .map(([key, value]) => `    ${key}) printf '%s' ${quote(value)} ;;`)
    .join('\n')
  const rulesJson = JSON.stringify(RULE_SET)
  const values: Record<string, string> = {
    '@@VERSION@@': SCANNER_VERSION,
    '@@RULE_COUNT@@': String(RULES.length),
    '@@KNOWN_OS@@': knownOs,
    '@@PROFILES@@': Object.keys(PROFILES).join(' '),
    '    # @@SSHD_DEFAULTS@@': sshdDefaults,
    '@@RULES_TSV@@': rulesTable(),
    '@@RULES_JSON@@': rulesJson
  }
  cached = fillAsset('scanner/console-scan.sh', values)
  return cached
}
