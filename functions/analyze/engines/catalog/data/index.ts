import type { CategoryData } from '../types.js';
import { payments } from './payments.js';

/** Every category's data, in the order of the published taxonomy. */
export const CATALOG_DATA: readonly CategoryData[] = [payments];
