/**
 * Demo data for the Cowrie traffic generator (../generator.ts): the networks SSH honeypot
 * attackers come from, with real ASNs and address prefixes; `weight` is the relative share of
 * sessions from each.
 */
export interface Network {
  asn: number
  org: string
  country: string
  code: string
  prefixes: string[]
  weight: number
}

export const NETWORKS: Network[] = [
  {
    asn: 4134,
    org: 'CHINANET-BACKBONE',
    country: 'China',
    code: 'CN',
    prefixes: ['218.92.0', '61.177.172', '222.186.30', '180.101.88'],
    weight: 22
  },
  {
    asn: 14061,
    org: 'DigitalOcean, LLC',
    country: 'United States',
    code: 'US',
    prefixes: ['159.203.', '167.99.', '64.227.', '143.198.'],
    weight: 14
  },
  {
    asn: 14061,
    org: 'DigitalOcean, LLC',
    country: 'Singapore',
    code: 'SG',
    prefixes: ['128.199.', '159.89.', '178.128.'],
    weight: 5
  },
  {
    asn: 14061,
    org: 'DigitalOcean, LLC',
    country: 'Netherlands',
    code: 'NL',
    prefixes: ['188.166.', '146.190.', '209.38.'],
    weight: 4
  },
  {
    asn: 4837,
    org: 'CHINA UNICOM China169 Backbone',
    country: 'China',
    code: 'CN',
    prefixes: ['123.125.', '60.191.', '112.85.42'],
    weight: 8
  },
  {
    asn: 45090,
    org: 'Shenzhen Tencent Computer Systems Company Limited',
    country: 'China',
    code: 'CN',
    prefixes: ['43.153.', '49.232.', '101.33.'],
    weight: 7
  },
  {
    asn: 37963,
    org: 'Hangzhou Alibaba Advertising Co.,Ltd.',
    country: 'China',
    code: 'CN',
    prefixes: ['47.96.', '120.55.', '8.130.'],
    weight: 5
  },
  { asn: 16276, org: 'OVH SAS', country: 'France', code: 'FR', prefixes: ['51.68.', '54.37.', '141.94.'], weight: 5 },
  {
    asn: 24940,
    org: 'Hetzner Online GmbH',
    country: 'Germany',
    code: 'DE',
    prefixes: ['78.46.', '95.217.', '116.203.'],
    weight: 4
  },
  {
    asn: 63949,
    org: 'Akamai Connected Cloud',
    country: 'United States',
    code: 'US',
    prefixes: ['45.79.', '172.104.', '139.144.'],
    weight: 3
  },
  { asn: 396982, org: 'Google LLC', country: 'United States', code: 'US', prefixes: ['34.22.', '35.203.', '34.77.'], weight: 3 },
  {
    asn: 8075,
    org: 'Microsoft Corporation',
    country: 'United States',
    code: 'US',
    prefixes: ['20.163.', '52.167.', '40.76.'],
    weight: 2
  },
  {
    asn: 16509,
    org: 'Amazon.com, Inc.',
    country: 'United States',
    code: 'US',
    prefixes: ['3.90.', '18.208.', '54.209.'],
    weight: 2
  },
  {
    asn: 9829,
    org: 'National Internet Backbone',
    country: 'India',
    code: 'IN',
    prefixes: ['117.247.', '61.0.', '59.94.'],
    weight: 4
  },
  {
    asn: 4766,
    org: 'Korea Telecom',
    country: 'South Korea',
    code: 'KR',
    prefixes: ['211.253.', '121.160.', '175.193.'],
    weight: 3
  },
  { asn: 12389, org: 'PJSC Rostelecom', country: 'Russia', code: 'RU', prefixes: ['95.165.', '178.176.', '217.66.'], weight: 3 },
  { asn: 49505, org: 'JSC Selectel', country: 'Russia', code: 'RU', prefixes: ['45.131.', '92.53.', '188.93.'], weight: 2 },
  { asn: 7552, org: 'Viettel Group', country: 'Vietnam', code: 'VN', prefixes: ['27.72.', '171.224.', '116.110.'], weight: 3 },
  {
    asn: 17974,
    org: 'PT Telekomunikasi Indonesia',
    country: 'Indonesia',
    code: 'ID',
    prefixes: ['36.66.', '180.250.', '118.97.'],
    weight: 2
  },
  {
    asn: 28573,
    org: 'Claro NXT Telecomunicacoes Ltda',
    country: 'Brazil',
    code: 'BR',
    prefixes: ['177.66.', '179.98.', '189.45.'],
    weight: 2
  },
  {
    asn: 9009,
    org: 'M247 Europe SRL',
    country: 'Romania',
    code: 'RO',
    prefixes: ['45.95.147', '185.224.128', '193.32.162'],
    weight: 3
  },
  {
    asn: 135377,
    org: 'UCLOUD INFORMATION TECHNOLOGY HK LIMITED',
    country: 'Hong Kong',
    code: 'HK',
    prefixes: ['152.32.', '107.150.', '118.193.'],
    weight: 2
  },
  {
    asn: 398324,
    org: 'Censys, Inc.',
    country: 'United States',
    code: 'US',
    prefixes: ['167.94.138', '167.94.145', '206.168.34'],
    weight: 1
  },
  {
    asn: 6939,
    org: 'Hurricane Electric LLC',
    country: 'United States',
    code: 'US',
    prefixes: ['184.105.139', '65.49.20', '74.82.47'],
    weight: 1
  },
  { asn: 51167, org: 'Contabo GmbH', country: 'Germany', code: 'DE', prefixes: ['161.97.', '207.180.', '62.171.'], weight: 2 },
  { asn: 211298, org: 'Driftnet Ltd', country: 'United Kingdom', code: 'GB', prefixes: ['87.236.176', '193.163.125'], weight: 1 }
]
