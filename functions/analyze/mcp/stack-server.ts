/**
 * The MCP server: one tool, `recommend_stack`, that does the whole job in one call, because agents
 * rarely chain the five to eight calls a finer-grained API would need. Its schemas are the API's own
 * (contract.ts), so a description the API refuses is refused here with the same words. Served over
 * HTTP by the function (mcp-door.ts) and over stdio by the command line (`stack-analyzer mcp`).
 */
import { McpServer } from '@modelcontextprotocol/server';
import {
  type AnalyzeRequest,
  type AnalyzeResponse,
  analyzeRequestSchema,
  analyzeResponseSchema,
  type Problem,
} from '../contract.js';
import { toHttpProblem } from '../errors.js';
import { stackAsText } from '../stack-text.js';

const TOOL_NAME = 'recommend_stack';

/** How a door answers one request: the API's use case, a deployed API, or the embedded catalogue. */
export type Recommend = (request: AnalyzeRequest, signal: AbortSignal) => Promise<AnalyzeResponse>;

export const SERVER_INFO = { name: 'stack-analyzer', title: 'Stack Analyzer', version: '1.1.0' } as const;

/** What went wrong, as the API would answer it; a door that logs does so here. */
export type DescribeFailure = (err: unknown) => Problem;

export const createStackServer = (
  recommend: Recommend,
  describeFailure: DescribeFailure = (err) => toHttpProblem(err, 'local').problem,
): McpServer => {
  const server = new McpServer(SERVER_INFO, {
    instructions:
      'Call recommend_stack once with a plain description of the project (what it does, who uses it, any constraint such as a cloud, EU data or a budget) to get the technology it needs, category by category, with providers ranked best first.',
  });
  server.registerTool(
    TOOL_NAME,
    {
      title: 'Recommend a technology stack',
      description:
        'Reads a free-text project description and returns the categories of technology it needs (payments, maps, realtime …), each with providers ranked best first: name, one-sentence description, best use cases and website. One call does the whole job.',
      inputSchema: analyzeRequestSchema,
      outputSchema: analyzeResponseSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (request, ctx) => {
      try {
        const answer = await recommend(request, ctx.mcpReq.signal);
        return { structuredContent: answer, content: [{ type: 'text', text: stackAsText(answer) }] };
      } catch (err: unknown) {
        // What the API would answer, as a tool error the agent can read and act on.
        const problem = describeFailure(err);
        return { isError: true, content: [{ type: 'text', text: `${problem.detail} (${problem.code})` }] };
      }
    },
  );
  return server;
};
