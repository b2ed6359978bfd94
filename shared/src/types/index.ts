export type * from './auth';
export type * from './devices';
export type * from './alerts';
export type * from './insights';
export type * from './vulns';
export type * from './honeypot';
export type * from './audit';
