/**
 * The catalogue engine's answer as a client receives it (shaped to the contract), in-process: what the
 * engine and quality tests and `npm run quality` score.
 */
import { recommendFromCatalog } from '../../functions/analyze/engines/catalog/catalog-engine.js';
import { shape } from '../../functions/analyze/shape.js';

export const recommend = (description: string, providersPerCategory = 3) =>
  shape(recommendFromCatalog(description, providersPerCategory), { providersPerCategory });

export const categoriesOf = (description: string) => recommend(description).map((c) => c.id);
