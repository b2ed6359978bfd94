// Vulnerability prioritisation and feed coverage (docs/vuln-feed-api.md): the API's schemas in
// @console/contracts are the one definition.
export type {
  AdvisoryLink,
  Coverage,
  FeedEcosystem,
  FeedKind,
  FeedSource,
  FeedState,
  FindingSource,
  Kev,
  Prioritisation,
  SbomFeed as SbomFeedStatus,
} from '@console/contracts';
