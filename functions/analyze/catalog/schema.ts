/**
 * What every catalogue entry must carry to be shown to a user, checked at build time by
 * `npm run generate` and by the tests. Never imported by the running function.
 */
import { z } from 'zod';
import { CATEGORY_IDS } from '../category-ids.js';
import { isValidPattern } from './text.js';
import { type CategoryData, MARKETS } from './types.js';

const pattern = z.string().refine(isValidPattern, { message: 'not in the pattern syntax (see types.ts)' });
const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const vendor = z.enum(['aws', 'gcp', 'azure', 'cloudflare', 'independent']);

export const traitsSchema = z.strictObject({
  openSource: z.boolean(),
  selfHostable: z.boolean(),
  managed: z.boolean(),
  library: z.boolean().optional(),
  vendor,
  euResidency: z.boolean(),
  euCompany: z.boolean().optional(),
  freeTier: z.boolean(),
  platforms: z.array(z.enum(['web', 'mobile', 'server', 'desktop'])).min(1),
  enterpriseSso: z.boolean().optional(),
  hipaa: z.boolean().optional(),
  markets: z.array(z.enum(MARKETS)).min(1).optional(),
});

export const providerSchema = z.strictObject({
  id: kebab,
  name: z.string().min(1).max(60),
  website: z.url({ protocol: /^https$/ }),
  description: z
    .string()
    .min(20)
    .max(200)
    .regex(/^[^\n]+[.]$/, 'one sentence ending with a full stop'),
  bestUseCases: z.array(z.string().min(3)).min(2).max(5),
  capabilities: z.array(kebab).min(1),
  keywords: z.array(pattern).min(1),
  aliases: z.array(pattern),
  nameIsCommonWord: z.boolean().optional(),
  aliasesInCapitals: z.array(pattern).optional(),
  popularity: z.int().min(1).max(10),
  traits: traitsSchema,
  partOf: z
    .string()
    .regex(/^[a-z0-9 ]+$/)
    .optional(),
  runs: z.array(kebab).min(1).optional(),
});

export const capabilitySchema = z.strictObject({
  id: kebab,
  name: z.string().min(2).max(40),
  default: z.literal(true).optional(),
  smallScaleOnly: z.literal(true).optional(),
  qualifies: z.literal(true).optional(),
  servesUnder: z.array(z.string()).min(1).optional(),
  reachedThrough: z.literal(true).optional(),
  severalNamedMean: z.string().optional(),
  signals: z.array(pattern),
  together: z
    .array(
      z.strictObject({
        parts: z.array(z.array(pattern).min(1)).min(2),
        within: z.number().int().positive().optional(),
        ordered: z.literal(true).optional(),
      }),
    )
    .optional(),
});

export const categorySchema = z
  .strictObject({
    id: z.enum(CATEGORY_IDS),
    signals: z.strictObject({ strong: z.array(pattern).min(10), weak: z.array(pattern) }),
    capabilities: z.array(capabilitySchema).min(1),
    vetoes: z.array(pattern).optional(),
    selectionMargin: z.number().min(0).max(4).optional(),
    providers: z.array(providerSchema).min(8),
  })
  .superRefine((category, ctx) => {
    const capabilityIds = category.capabilities.map((c) => c.id);
    if (category.capabilities.filter((c) => c.default).length !== 1)
      ctx.addIssue({ code: 'custom', message: 'exactly one capability must be the default', path: ['capabilities'] });
    if (new Set(capabilityIds).size !== capabilityIds.length)
      ctx.addIssue({ code: 'custom', message: 'capability ids repeat', path: ['capabilities'] });
    for (const [i, provider] of category.providers.entries()) {
      for (const capability of provider.capabilities) {
        if (!capabilityIds.includes(capability))
          ctx.addIssue({
            code: 'custom',
            message: `${provider.id} lists unknown capability "${capability}"`,
            path: ['providers', i, 'capabilities'],
          });
      }
    }
    const providerIds = new Set(category.providers.map((p) => p.id));
    for (const [i, provider] of category.providers.entries())
      for (const run of provider.runs ?? [])
        if (!providerIds.has(run) || run === provider.id)
          ctx.addIssue({
            code: 'custom',
            message: `${provider.id} runs "${run}", no other provider here`,
            path: ['providers', i, 'runs'],
          });
    for (const capability of category.capabilities) {
      if (!category.providers.some((p) => p.capabilities.includes(capability.id)))
        ctx.addIssue({ code: 'custom', message: `no provider does "${capability.id}"`, path: ['capabilities'] });
    }
  });

/** Every problem with one category's data, as "path: message" lines; empty when it is sound. */
export const problemsIn = (category: CategoryData): string[] => {
  const result = categorySchema.safeParse(category);
  return result.success ? [] : result.error.issues.map((i) => `${category.id}.${i.path.join('.')}: ${i.message}`);
};
