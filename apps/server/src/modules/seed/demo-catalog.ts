import type { Db } from '../../platform/db/client.ts'
import { addRegionsIfNone, importInventoryCsv } from '../static-ip/index.ts'
import { addPlansIfNone } from '../traffic/index.ts'
import { DEMO_NODE_NAME } from './demo-node.ts'

export const DEMO_REGIONS = [
  {
    id: 'us-lax',
    countryCode: 'US',
    country: '美国',
    city: '洛杉矶',
    countryEn: 'United States',
    cityEn: 'Los Angeles',
    ispType: 'datacenter',
    pricePer30Days: 25_00,
    base: '127.0.1.',
  },
  {
    id: 'jp-tyo',
    countryCode: 'JP',
    country: '日本',
    city: '东京',
    countryEn: 'Japan',
    cityEn: 'Tokyo',
    ispType: 'isp',
    pricePer30Days: 30_00,
    base: '127.0.2.',
  },
  {
    id: 'sg-sin',
    countryCode: 'SG',
    country: '新加坡',
    city: '新加坡',
    countryEn: 'Singapore',
    cityEn: 'Singapore',
    ispType: 'datacenter',
    pricePer30Days: 28_00,
    base: '127.0.3.',
  },
  {
    id: 'hk-hkg',
    countryCode: 'HK',
    country: '中国香港',
    city: '香港',
    countryEn: 'Hong Kong',
    cityEn: 'Hong Kong',
    ispType: 'isp',
    pricePer30Days: 35_00,
    base: '127.0.4.',
  },
  {
    id: 'de-fra',
    countryCode: 'DE',
    country: '德国',
    city: '法兰克福',
    countryEn: 'Germany',
    cityEn: 'Frankfurt',
    ispType: 'datacenter',
    pricePer30Days: 22_00,
    base: '127.0.5.',
  },
] as const

export const DEMO_ADDRESSES_PER_REGION = 20

const GIB = 1024n ** 3n
export const DEMO_TRAFFIC_PLANS = [
  {
    id: 'gb-10',
    name: '10GB 月包',
    nameEn: '10 GB monthly',
    sizeBytes: 10n * GIB,
    validityDays: 30,
    price: 30_00,
  },
  {
    id: 'gb-50',
    name: '50GB 月包',
    nameEn: '50 GB monthly',
    sizeBytes: 50n * GIB,
    validityDays: 30,
    price: 120_00,
  },
  {
    id: 'gb-100',
    name: '100GB 双月包',
    nameEn: '100 GB, 60 days',
    sizeBytes: 100n * GIB,
    validityDays: 60,
    price: 200_00,
  },
  {
    id: 'gb-500',
    name: '500GB 季包',
    nameEn: '500 GB quarterly',
    sizeBytes: 500n * GIB,
    validityDays: 90,
    price: 800_00,
  },
]

export const DEMO_POOL_ADDRESSES = 10
const DEMO_POOL_BASE = '127.0.6.'

/** Where the demo stock lies (the local gateway's GATEWAY_ADDRESSES, and its config default). */
export const DEMO_STOCK_RANGES = [...DEMO_REGIONS.map((region) => region.base), DEMO_POOL_BASE]
  .map((base) => `${base}0/24`)
  .join(',')

/** Seeds the catalogue (regions with addresses, traffic plans) only when it is empty. */
export async function seedDemoCatalog(db: Db): Promise<number> {
  await addPlansIfNone(
    db,
    DEMO_TRAFFIC_PLANS.map((plan, index) => ({ ...plan, sortOrder: index })),
  )
  const added = await addRegionsIfNone(
    db,
    DEMO_REGIONS.map(({ base: _base, ...region }, index) => ({
      ...region,
      protocols: ['socks5', 'vmess'],
      sortOrder: index,
    })),
  )
  if (!added) return 0
  const lines = DEMO_REGIONS.flatMap((region) =>
    Array.from(
      { length: DEMO_ADDRESSES_PER_REGION },
      (_, i) => `${region.id},${region.base}${10 + i},${10_000 + i},${DEMO_NODE_NAME},static`,
    ),
  )
  // A pool exit has no port of its own (customers dial the pool entry): 1 fills the column.
  const pool = Array.from(
    { length: DEMO_POOL_ADDRESSES },
    (_, i) => `${DEMO_REGIONS[0]?.id},${DEMO_POOL_BASE}${10 + i},1,${DEMO_NODE_NAME},pool`,
  )
  const { imported } = await importInventoryCsv(
    db,
    ['region_id,ip,port,node,purpose', ...lines, ...pool].join('\n'),
  )
  return imported
}
