// @console/contracts: the TypeBox schema of every API route's input and output, one per concept,
// and its Static<> type under the same name. The API validates and serialises with the schemas
// (and its OpenAPI document is generated from them); the frontends import the types only
// (`import type`), so no TypeBox code reaches a browser bundle.
export * from './common.js'
export * from './vulns.js'
export * from './devices.js'
export * from './alerts.js'
export * from './honeypot.js'
export * from './insights.js'
export * from './insights-triage.js'
export * from './insights-scans.js'
export * from './insights-licenses.js'
export * from './auth.js'
export * from './tenants.js'
export * from './audit.js'
export * from './console.js'
