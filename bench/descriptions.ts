/**
 * Project descriptions for the bench and the load test: short and long, several languages, with and
 * without named tools or constraints. The long ones (2,000 to 5,000 characters) are made by joining
 * the others, as a pasted brief would read.
 */
import { countChars, DESCRIPTION_MAX_CHARS } from '../functions/analyze/contract.js';

export const SHORT_DESCRIPTIONS: readonly string[] = [
  'A landing page for a bakery',
  'A todo app with login',
  'A blog with comments and a newsletter',
  'An online shop with card payments',
  'A marketplace where dog walkers get paid weekly and owners follow the walk on a map',
  'A mobile app for booking padel courts with reminders by SMS and online payments',
  'A SaaS dashboard for small accounting firms with SSO, audit logs and monthly subscriptions',
  'Real-time multiplayer quiz game for classrooms with leaderboards and voice chat',
  'A video course platform with live streaming, quizzes, certificates and Stripe billing',
  'An internal tool to search our PDF contracts with semantic search and an LLM summary',
  'A chatbot that answers customer questions from our help centre articles using RAG',
  'IoT fleet tracking for delivery vans: GPS every 5 seconds, geofencing alerts, a map for dispatchers',
  'A headless CMS driven news site with full-text search, CDN caching and A/B tests on headlines',
  'A fintech app for splitting bills among friends, EU data residency, bank transfers and push notifications',
  'A telemedicine platform with video consultations, appointment scheduling, e-prescriptions and HIPAA compliance',
  'Open source, self-hosted only: a wiki for our team with search and single sign-on via Keycloak',
  'We already use AWS and Postgres. Build an event ticketing site with QR codes, email receipts and queues for spikes',
  'A desktop app for photographers to tag and back up raw files to cloud storage',
  'An NFT marketplace on Ethereum with wallet login and on-chain royalties',
  'A data pipeline that ingests clickstream events into a warehouse with dashboards for the marketing team',
  'A recipe sharing app with image uploads, likes, comments and a recommendation feed',
  'Zero budget side project: a URL shortener with analytics',
  'Plataforma de reservas para canchas de pádel 🎾 con pagos en línea y recordatorios por WhatsApp — «ñandú»',
  'Eine Plattform für Handwerker mit Terminbuchung, Rechnungsstellung und Zahlungsabwicklung über SEPA',
  'Une application mobile de covoiturage avec paiement intégré, messagerie en temps réel et cartes',
  '一个在线教育平台，支持直播课程、作业提交和支付',
  'A Kubernetes-based platform with CI/CD on GitHub Actions, Terraform, Prometheus and Grafana monitoring, feature flags',
  'A helpdesk for our SaaS with ticketing, a knowledge base, live chat widget and Slack notifications',
  'A document signing workflow: upload PDFs, OCR them, route for e-signature, archive for seven years',
  'Scheduling app for a hair salon chain: online booking, calendar sync, deposits, SMS reminders, staff rota',
  'e-commerce store for handmade jewellery with Shopify-like checkout, inventory, shipping labels and reviews',
  'A vector search API over millions of product embeddings with sub-50 ms latency and autoscaling',
];

/** Joins descriptions, in a rotating order, until the text reaches `minChars` without passing the contract's limit. */
const joined = (minChars: number, offset: number): string => {
  const parts: string[] = [];
  let text = '';
  for (let i = 0; countChars(text) < minChars; i++) {
    const next = SHORT_DESCRIPTIONS[(offset + i * 7) % SHORT_DESCRIPTIONS.length] as string;
    const candidate = parts.length === 0 ? `${next}.` : `${text} Also: ${next}.`;
    if (countChars(candidate) > DESCRIPTION_MAX_CHARS) break;
    parts.push(next);
    text = candidate;
  }
  return text;
};

export const LONG_DESCRIPTIONS: readonly string[] = [
  joined(2_000, 0),
  joined(2_500, 3),
  joined(3_000, 5),
  joined(3_500, 11),
  joined(4_000, 13),
  joined(4_500, 17),
  joined(4_800, 19),
  joined(4_900, 23),
];

/** 40 descriptions: 32 short to medium, 8 long. */
export const DESCRIPTIONS: readonly string[] = [...SHORT_DESCRIPTIONS, ...LONG_DESCRIPTIONS];

/** A description whose catalogue answer has at least six categories: the "typical" size for the token figures. */
export const TYPICAL_DESCRIPTION =
  'A telemedicine platform with video consultations, appointment scheduling, e-prescriptions, card payments, ' +
  'email reminders, a React web app and a mobile app, and HIPAA compliance';
