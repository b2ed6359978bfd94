import axios from 'axios';

/** The HTTP status of a failed call, if the server answered. */
export function errorStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

/** A report's URL; the uid comes from the address bar, so it is encoded. */
export const reportPath = (uid: string) => `/v1/insights/reports/${encodeURIComponent(uid)}/`;
