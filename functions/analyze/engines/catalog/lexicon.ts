/**
 * Cross-category language: the shapes of application a description can name (each implying the
 * categories such a project usually needs) and the constraints that change how providers are ranked.
 * Per-category language lives with each category's data.
 */
import type { CategoryId } from '../../category-ids.js';
import type { Pattern } from './types.js';

export interface AppShape {
  name: string;
  patterns: readonly Pattern[];
  /** Score added to each category when the shape is present (2 is enough to select on its own). */
  implies: Readonly<Partial<Record<CategoryId, number>>>;
}

export const APP_SHAPES: readonly AppShape[] = [
  {
    name: 'web app',
    patterns: ['website', 'web site', 'web app*', 'webapp*', 'web platform', 'web portal', 'portal', 'saas', 'web based',
      'browser based', 'online platform', 'landing page*', 'web shop', 'sitio web', 'pagina web', 'aplicacion web',
      'webseite', 'webanwendung', 'site web', 'application web', 'site', 'aplicativo web'],
    implies: { frontend: 1, hosting: 1, database: 1 },
  },
  {
    name: 'mobile app',
    patterns: ['mobile app*', 'mobile game*', 'ios', 'android', 'iphone*', 'ipad*', 'phone app*', 'smartphone*', 'app store',
      'play store', 'handheld*', 'companion app*', 'app movil', 'aplicacion movil', 'handy app', 'mobile anwendung',
      'application mobile', 'appli mobile', 'aplicativo', 'celular*', 'their phone*', 'on phones'],
    implies: { mobile: 2, database: 1, backend: 1 },
  },
  {
    name: 'marketplace',
    patterns: ['marketplace*', 'two sided', 'buyers and sellers', 'sellers and buyers', 'hosts and guests', 'freelancer*',
      'mercado', 'marktplatz', 'place de marche', 'plataforma de servicos'],
    implies: { payments: 2, auth: 2, database: 2, search: 1 },
  },
  {
    name: 'accounts',
    patterns: ['users', 'user account*', 'customers', 'members', 'subscribers', 'clients', 'patients', 'students', 'employees',
      'staff', 'teams', 'usuarios', 'clientes', 'nutzer', 'kunden', 'utilisateurs', 'alunos'],
    implies: { database: 1, auth: 1 },
  },
  {
    name: 'data pipeline',
    patterns: ['data pipeline*', 'etl', 'elt', 'ingest*', 'batch job*', 'data lake', 'data warehouse', 'clickstream'],
    implies: { data: 2, workflow: 1 },
  },
  {
    name: 'bot',
    patterns: ['bot', 'bots', 'chatbot*', 'slack bot', 'discord bot', 'telegram bot', 'whatsapp bot', 'assistant'],
    implies: { ai: 1, backend: 2 },
  },
  {
    name: 'game',
    patterns: ['game', 'games', 'multiplayer', 'juego', 'videojuego*', 'spiel', 'jeu', 'jogo'],
    implies: { games: 2, backend: 1, database: 1 },
  },
  {
    name: 'iot',
    patterns: ['iot', 'sensor*', 'smart home', 'connected device*', 'telemetry', 'firmware', 'thermostat*', 'wearable*'],
    implies: { iot: 2, database: 1 },
  },
  {
    name: 'internal tool',
    patterns: ['internal tool*', 'back office', 'backoffice', 'admin panel*', 'admin tool*', 'internal dashboard*', 'intranet', 'crm',
      'erp', 'herramienta interna'],
    implies: { frontend: 1, database: 2, auth: 1 },
  },
  {
    name: 'content site',
    patterns: ['blog*', 'newsletter*', 'magazine', 'portfolio', 'documentation site', 'docs site', 'landing page*', 'static site'],
    implies: { hosting: 2, frontend: 1 },
  },
  {
    name: 'api product',
    patterns: ['public api', 'api for developers', 'developer api', 'rest api', 'graphql api', 'api first', 'sdk'],
    implies: { backend: 2, hosting: 1 },
  },
];

export type Constraint = 'aws' | 'gcp' | 'azure' | 'cloudflare' | 'selfHosted' | 'openSource' | 'eu' | 'zeroBudget' | 'sso';

/**
 * Strength of each constraint phrase: `require` filters or dominates the ranking ("AWS only"), `prefer`
 * nudges it ("we deploy to AWS").
 */
export const CONSTRAINT_PATTERNS: Readonly<Record<Constraint, { require: readonly Pattern[]; prefer: readonly Pattern[] }>> = {
  aws: {
    require: ['aws only', 'only aws', 'only on aws', 'aws native', 'aws shop', 'all in on aws', 'stay on aws', 'stay in aws',
      'within aws', 'aws ecosystem', 'aws services', 'everything on aws', 'aws first', 'exclusively aws', 'aws exclusively',
      'solo aws', 'nur aws', 'uniquement aws', 'apenas aws'],
    prefer: ['aws', 'amazon web services', 'on amazon'],
  },
  gcp: {
    require: ['gcp only', 'google cloud only', 'only gcp', 'only google cloud', 'stay on gcp', 'stay on google cloud', 'gcp native',
      'everything on gcp', 'everything on google cloud'],
    prefer: ['gcp', 'google cloud', 'firebase'],
  },
  azure: {
    require: ['azure only', 'only azure', 'stay on azure', 'azure native', 'microsoft shop', 'everything on azure', 'all in on azure'],
    prefer: ['azure', 'microsoft cloud'],
  },
  cloudflare: {
    require: ['cloudflare only', 'only cloudflare', 'everything on cloudflare'],
    prefer: ['cloudflare'],
  },
  selfHosted: {
    require: ['self host*', 'selfhost*', 'on prem', 'on premise*', 'on premises', 'onprem*', 'own servers', 'our own server*',
      'own hardware', 'our own infrastructure', 'own data cent*', 'open source only', 'only open source', 'only oss', 'no saas',
      'no third party', 'no cloud', 'air gapped', 'airgapped', 'auto hospedado', 'autoalojado', 'selbst gehostet',
      'eigenen server*', 'auto heberge', 'auto hebergement', 'auto hospedagem', 'sovereign'],
    prefer: [],
  },
  openSource: {
    require: [],
    prefer: ['open source', 'opensource', 'oss', 'foss', 'codigo abierto', 'quelloffen', 'libre', 'codigo aberto'],
  },
  eu: {
    require: ['gdpr', 'dsgvo', 'rgpd', 'data residency', 'eu data', 'data in the eu', 'in the eu', 'eu only', 'eu based', 'eu hosted',
      'eu region*', 'within the eu', 'european data', 'data in europe', 'hosted in europe', 'schrems', 'datos en europa',
      'daten in der eu', 'donnees en europe', 'dados na europa'],
    prefer: ['eu', 'europe', 'european', 'germany', 'german', 'france', 'french'],
  },
  zeroBudget: {
    require: ['zero budget', 'no budget', 'without budget', 'free tier*', 'for free', 'free of charge', 'no money', 'tiny budget',
      'tight budget', 'low budget', 'shoestring', 'no cost', 'zero cost', 'sin presupuesto', 'kein budget', 'sans budget',
      'sem orcamento', 'free plan*', 'costs nothing'],
    prefer: ['gratis', 'kostenlos', 'gratuit', 'gratuito', 'bootstrapp*', 'student*', 'hobby', 'side project', 'non profit', 'nonprofit', 'charity', 'cheap*', 'affordable',
      'cost sensitive', 'low cost', 'mvp', 'prototype'],
  },
  sso: {
    require: ['sso', 'saml', 'single sign on', 'enterprise login*', 'enterprise sso', 'okta', 'active directory', 'azure ad',
      'entra id', 'scim', 'ldap', 'google workspace login'],
    prefer: ['enterprise', 'b2b', 'corporate'],
  },
};

/** Words that cancel a signal when they come right before it: "no payments", "sin pagos", "ohne Login". */
export const NEGATIONS: ReadonlySet<string> = new Set(['no', 'without', 'not', 'never', 'sin', 'ohne', 'kein', 'keine', 'sans', 'sem']);
