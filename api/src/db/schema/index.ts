// One file per area; each issue adds its own and re-exports it here.
export * from './audit.js'
export * from './auth.js'
export * from './detect.js'
export * from './feeds.js'
export * from './honeypot.js'
export * from './insights.js'
export * from './insights-triage.js'
export * from './vulns.js'
