/**
 * The embedded engine: no network, no account. Answers from the catalogue's reading of the
 * description: the categories it needs, most important first, and each category's providers ranked
 * by how well they do the job asked for under the constraints stated.
 */

import type { CapabilityFacts } from '../../catalog/catalog.js';
import { catalogVersion } from '../../catalog/catalog.js';
import { rankProviders } from '../../reading/rank.js';
import { type Need, type Reading, readDescription } from '../../reading/reading.js';
import type { Engine, EngineRequest, RawCategory, RawRecommendation } from '../engine.js';

const quoteList = (evidence: readonly string[]): string =>
  evidence
    .slice(0, 3)
    .map((e) => `“${e}”`)
    .join(', ');

/** One sentence on why the category is there, naming the job when the text asks for one. */
const reasonFor = (need: Need | undefined, job: CapabilityFacts | undefined, notes: readonly string[]): string => {
  const asked = job ? need?.jobs.get(job.id) : undefined;
  let why = 'A general web application usually needs it';
  // The words that asked for the job, else those that asked for the category ("a shop with payments"
  // names payments, not the job): what the text says comes before what projects like it need.
  const said = asked && asked.evidence.length > 0 ? asked.evidence : (need?.evidence ?? []);
  if (job && said.length > 0) why = `${job.name}: the description mentions ${quoteList(said)}`;
  else if (job && asked && asked.impliedBy.length > 0)
    why = `${job.name}: usually needed with ${asked.impliedBy.slice(0, 3).join(', ')}`;
  else if (need && need.evidence.length > 0) why = `The description mentions ${quoteList(need.evidence)}`;
  else if (need && need.impliedBy.length > 0) why = `Usually needed with ${need.impliedBy.slice(0, 3).join(', ')}`;
  return notes.length > 0 ? `${why}; ranked for ${notes.join(', ')}.` : `${why}.`;
};

export const recommendFromReading = (reading: Reading, providersPerCategory: number): RawRecommendation => ({
  categories: reading.categories.map((id): RawCategory => {
    const { providers, job, notes } = rankProviders(id, reading, providersPerCategory);
    return {
      id,
      reason: reasonFor(reading.needs.get(id), job, notes),
      providers: providers.slice(0, providersPerCategory).map(({ entry }) => ({
        name: entry.name,
        description: entry.description,
        bestUseCases: entry.bestUseCases,
        website: entry.website,
      })),
    };
  }),
});

export const recommendFromCatalog = (description: string, providersPerCategory: number): RawRecommendation =>
  recommendFromReading(readDescription(description), providersPerCategory);

export const createCatalogEngine = (): Engine => ({
  name: 'catalog',
  get version() {
    return `catalog-${catalogVersion()}`;
  },
  recommend: async ({ description, providersPerCategory }: EngineRequest) =>
    recommendFromCatalog(description, providersPerCategory),
});
