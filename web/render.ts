/**
 * Builds the results from API data with createElement and textContent only: nothing the API says is
 * ever parsed as HTML, and only http(s) addresses become links.
 */
import type { Category, Provider } from '../functions/analyze/contract.js';

type Attributes = Record<string, string>;

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
};

/** The address as given when it is http(s), otherwise undefined (no javascript:, data: or relative links). */
export const safeHref = (address: string): string | undefined => {
  try {
    const { protocol } = new URL(address);
    return protocol === 'https:' || protocol === 'http:' ? address : undefined;
  } catch {
    return undefined;
  }
};

/** The host name shown under a provider's name, without "www.". */
const displayHost = (address: string): string => {
  try {
    return new URL(address).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
};

/** Links to providers' sites pass on no referrer, no window handle and no endorsement for search engines. */
const LINK_REL = 'noopener noreferrer nofollow';

const renderProvider = (provider: Provider, categoryKey: string): HTMLLIElement => {
  // A provider our catalogue does not know is shown, marked, but never as a link: its site is unvetted.
  const unverified = provider.verified === false;
  const href = unverified ? undefined : safeHref(provider.website);
  const nameId = `${categoryKey}-p${provider.rank}`;
  const name = el('h4', { class: 'provider-name', id: nameId });
  if (href) {
    name.append(el('a', { href, rel: LINK_REL }, provider.name));
  } else {
    name.textContent = provider.name;
  }
  if (unverified) {
    name.append(
      ' ',
      el(
        'span',
        { class: 'unverified', title: 'Not in our catalogue: we have not checked this provider or its site.' },
        'Unverified',
      ),
    );
  }

  const body = el('div', { class: 'provider-body' }, name);
  if (href) body.append(el('p', { class: 'provider-host' }, displayHost(href)));
  if (provider.description) body.append(el('p', { class: 'provider-description' }, provider.description));
  if (provider.bestUseCases.length > 0) {
    const labelId = `${nameId}-uses`;
    body.append(
      el('p', { class: 'use-cases-label', id: labelId }, 'Best for'),
      el(
        'ul',
        { class: 'use-cases', 'aria-labelledby': labelId },
        ...provider.bestUseCases.map((useCase) => el('li', {}, useCase)),
      ),
    );
  }

  const item = el(
    'li',
    { class: 'provider', value: String(provider.rank) },
    el('span', { class: 'rank', 'aria-hidden': 'true' }, String(provider.rank)),
    body,
  );
  return item;
};

const renderCategory = (category: Category, index: number): HTMLElement => {
  const key = `category-${index + 1}`;
  const headingId = `${key}-name`;
  const card = el('article', { class: 'category', 'aria-labelledby': headingId, 'data-category': category.id });
  const header = el('header', { class: 'category-head' }, el('h3', { id: headingId }, category.name));
  if (category.reason) header.append(el('p', { class: 'category-reason' }, category.reason));
  const providers = [...category.providers].sort((a, b) => a.rank - b.rank);
  card.append(
    header,
    el(
      'ol',
      { class: 'providers', 'aria-label': `${category.name}: providers, best first` },
      ...providers.map((p) => renderProvider(p, key)),
    ),
  );
  return card;
};

export const renderCategories = (container: HTMLElement, categories: readonly Category[]): void => {
  container.replaceChildren(...categories.map(renderCategory));
};
