import type { CategoryData } from '../types.js';
import { ai } from './ai.js';
import { analytics } from './analytics.js';
import { auth } from './auth.js';
import { backend } from './backend.js';
import { blockchain } from './blockchain.js';
import { cache } from './cache.js';
import { cdn } from './cdn.js';
import { cicd } from './cicd.js';
import { cms } from './cms.js';
import { data } from './data.js';
import { database } from './database.js';
import { desktop } from './desktop.js';
import { documents } from './documents.js';
import { ecommerce } from './ecommerce.js';
import { email } from './email.js';
import { flags } from './flags.js';
import { frontend } from './frontend.js';
import { games } from './games.js';
import { hosting } from './hosting.js';
import { infrastructure } from './infrastructure.js';
import { iot } from './iot.js';
import { maps } from './maps.js';
import { mobile } from './mobile.js';
import { monitoring } from './monitoring.js';
import { notifications } from './notifications.js';
import { payments } from './payments.js';
import { queue } from './queue.js';
import { realtime } from './realtime.js';
import { scheduling } from './scheduling.js';
import { search } from './search.js';
import { security } from './security.js';
import { storage } from './storage.js';
import { support } from './support.js';
import { testing } from './testing.js';
import { vectordb } from './vectordb.js';
import { video } from './video.js';
import { workflow } from './workflow.js';

/** Every category's data, in the order of the published taxonomy. */
export const CATALOG_DATA: readonly CategoryData[] = [
  frontend,
  mobile,
  desktop,
  backend,
  database,
  cache,
  search,
  vectordb,
  hosting,
  storage,
  cdn,
  auth,
  payments,
  email,
  notifications,
  realtime,
  video,
  queue,
  workflow,
  analytics,
  data,
  monitoring,
  ai,
  cms,
  ecommerce,
  maps,
  iot,
  blockchain,
  cicd,
  infrastructure,
  testing,
  security,
  flags,
  support,
  games,
  scheduling,
  documents,
];
