// The catalogue as operators manage it: static-IP regions (inactive ones too) with their price per 30 days
// and stock, traffic plans, and the term discounts. A price change applies to what is priced after it: a
// customer who confirms an older quote is refused with PRICE_CHANGED and quotes again.
import { z } from 'zod'
import { MAX_WIRE_BYTES } from '../bytes.ts'
import { defineEndpoint } from '../endpoint.ts'
import { text } from '../input.ts'
import { Amount } from '../money.ts'
import { DURATIONS, DurationDays, IspType, ProxyProtocol, Region, RegionId } from '../static-ip/catalog.ts'
import { TrafficPlan } from '../traffic/endpoints.ts'

/** What an operator may ask for one IP for 30 days, or for one traffic plan: above zero, at most $100,000. */
export const CataloguePrice = Amount.refine((value) => value > 0 && value <= 100_000, {
  message: 'Between 0.01 and 100000',
})
export const SortOrder = z.number().int().min(-10_000).max(10_000)
export const DISCOUNT_MAX_PERCENT = 90
export const DiscountPercent = z.number().int().min(0).max(DISCOUNT_MAX_PERCENT)
const Name = text().trim().min(1).max(64)
export const PlanId = z.string().regex(/^[a-z0-9-]{2,32}$/)

export const RegionStock = z.object({
  available: z.number().int(),
  allocated: z.number().int(),
  cooling: z.number().int(),
  retired: z.number().int(),
})
export type RegionStock = z.infer<typeof RegionStock>

export const AdminRegion = Region.omit({ prices: true, stock: true }).extend({
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  stock: RegionStock,
})
export type AdminRegion = z.infer<typeof AdminRegion>

export const AdminTrafficPlan = TrafficPlan.omit({ pricePerGb: true }).extend({
  isActive: z.boolean(),
  sortOrder: z.number().int(),
})
export type AdminTrafficPlan = z.infer<typeof AdminTrafficPlan>

export const TermDiscount = z.object({ durationDays: DurationDays, percent: DiscountPercent })
export type TermDiscount = z.infer<typeof TermDiscount>

export const AdminCatalogue = z.object({
  regions: z.array(AdminRegion),
  plans: z.array(AdminTrafficPlan),
  discounts: z.array(TermDiscount),
})
export type AdminCatalogue = z.infer<typeof AdminCatalogue>

const RegionNames = {
  country: Name,
  city: Name,
  countryEn: Name,
  cityEn: Name,
}

export const CreateRegionInput = z.strictObject({
  id: RegionId,
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'two capital letters (ISO 3166)'),
  ...RegionNames,
  ispType: IspType,
  protocols: z
    .array(ProxyProtocol)
    .min(1)
    .refine((list) => new Set(list).size === list.length, 'each protocol once'),
  pricePer30Days: CataloguePrice,
  isActive: z.boolean().default(true),
  sortOrder: SortOrder.default(0),
})
export type CreateRegionInput = z.infer<typeof CreateRegionInput>

const changesSomething = (value: object) => Object.values(value).some((field) => field !== undefined)

export const UpdateRegionInput = z
  .strictObject({
    pricePer30Days: CataloguePrice.optional(),
    isActive: z.boolean().optional(),
    sortOrder: SortOrder.optional(),
    country: Name.optional(),
    city: Name.optional(),
    countryEn: Name.optional(),
    cityEn: Name.optional(),
  })
  .refine(changesSomething, 'name at least one field to change')
export type UpdateRegionInput = z.infer<typeof UpdateRegionInput>

export const CreatePlanInput = z.strictObject({
  id: PlanId,
  name: Name,
  nameEn: Name,
  sizeBytes: z.number().int().min(1).max(Number(MAX_WIRE_BYTES)),
  validityDays: z.number().int().min(1).max(3650),
  price: CataloguePrice,
  isActive: z.boolean().default(true),
  sortOrder: SortOrder.default(0),
})
export type CreatePlanInput = z.infer<typeof CreatePlanInput>

export const UpdatePlanInput = z
  .strictObject({
    price: CataloguePrice.optional(),
    isActive: z.boolean().optional(),
    sortOrder: SortOrder.optional(),
    name: Name.optional(),
    nameEn: Name.optional(),
  })
  .refine(changesSomething, 'name at least one field to change')
export type UpdatePlanInput = z.infer<typeof UpdatePlanInput>

/** Every term once, each 0–90 % off its list price. */
export const SetDiscountsInput = z.strictObject({
  discounts: z
    .array(TermDiscount)
    .length(DURATIONS.length)
    .refine(
      (list) => DURATIONS.every((days) => list.some((item) => item.durationDays === days)),
      `each term (${DURATIONS.join(', ')} days) once`,
    ),
})
export type SetDiscountsInput = z.infer<typeof SetDiscountsInput>

const tags = ['admin'] as const
const permission = 'catalogue.manage'
const regionParams = z.strictObject({ id: RegionId })
const planParams = z.strictObject({ id: PlanId })

export const getAdminCatalogue = defineEndpoint({
  method: 'GET',
  path: '/admin/catalogue',
  summary: 'Every region (inactive too) with its price and stock, every traffic plan, and the term discounts',
  tags,
  auth: 'operator',
  permission,
  response: AdminCatalogue,
})

export const createAdminRegion = defineEndpoint({
  method: 'POST',
  path: '/admin/catalogue/regions',
  summary: 'Add a static-IP region (stock it through the inventory import)',
  tags,
  auth: 'operator',
  permission,
  body: CreateRegionInput,
  response: AdminRegion,
})

export const updateAdminRegion = defineEndpoint({
  method: 'PATCH',
  path: '/admin/catalogue/regions/:id',
  summary: "Change a region's price per 30 days, names, sort order or whether it is on sale",
  tags,
  auth: 'operator',
  permission,
  params: regionParams,
  body: UpdateRegionInput,
  response: AdminRegion,
})

export const createAdminPlan = defineEndpoint({
  method: 'POST',
  path: '/admin/catalogue/plans',
  summary: 'Add a traffic plan',
  tags,
  auth: 'operator',
  permission,
  body: CreatePlanInput,
  response: AdminTrafficPlan,
})

export const updateAdminPlan = defineEndpoint({
  method: 'PATCH',
  path: '/admin/catalogue/plans/:id',
  summary: "Change a traffic plan's price, names, sort order or whether it is on sale",
  tags,
  auth: 'operator',
  permission,
  params: planParams,
  body: UpdatePlanInput,
  response: AdminTrafficPlan,
})

export const setAdminDiscounts = defineEndpoint({
  method: 'PUT',
  path: '/admin/catalogue/discounts',
  summary: 'Set the percent off each term (0–90 %); quotes and renewals priced after it use them',
  tags,
  auth: 'operator',
  permission,
  body: SetDiscountsInput,
  response: z.object({ discounts: z.array(TermDiscount) }),
})
