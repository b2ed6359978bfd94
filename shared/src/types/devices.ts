// DETECT devices and what a tenant's admins manage: the API's schemas in @console/contracts.
export type {
  Agent,
  ApiKey,
  CreatedApiKey,
  CveDescription,
  Device,
  DeviceListItem,
  DeviceType,
  NetworkInterface,
  PackageRow as Package,
  PackageCount,
  ProvisionToken,
  Thread,
  UserAccount,
} from '@console/contracts';
