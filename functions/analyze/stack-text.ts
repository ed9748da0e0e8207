/**
 * An answer as plain text, for a person at a terminal (the command line) or an agent reading a tool
 * result (MCP): each category with its reason, then its providers in rank order with their links.
 */
import type { AnalyzeResponse } from './contract.js';

/** How text is emphasised: ANSI colour on a terminal, nothing elsewhere. */
export interface TextStyle {
  heading(text: string): string;
  dim(text: string): string;
}

export const PLAIN: TextStyle = { heading: (t) => t, dim: (t) => t };

export interface StackTextOptions {
  style?: TextStyle;
  /** Each provider's one-sentence description and best uses, not only its name and link. */
  details?: boolean;
}

export const stackAsText = ({ categories }: AnalyzeResponse, { style = PLAIN, details = false }: StackTextOptions = {}): string =>
  categories
    .map((category) => {
      const lines = [style.heading(category.name) + (category.reason ? style.dim(`: ${category.reason}`) : '')];
      for (const p of category.providers) {
        const unvetted = p.verified === false ? ' (unverified link)' : '';
        lines.push(`  ${p.rank}. ${p.name} ${style.dim(`<${p.website}>${unvetted}`)}`);
        if (details) lines.push(`     ${p.description}`, style.dim(`     Best for: ${p.bestUseCases.join('; ')}`));
      }
      return lines.join('\n');
    })
    .join('\n\n');
