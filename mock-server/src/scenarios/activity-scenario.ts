import { z } from 'zod';
import type { Scenario } from './scenario.js';
import { agenticTurn } from './tool-scenarios.js';

/** How long each tool of the audit takes: long enough that a timeline sees the run live. */
const TOOL_MS = 400;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A run for the activity timeline (`AgentTimeline`): 20 tool calls over 4 steps — 19 order lookups
 * and one sub-agent (`carrier`) that checks two shipments with its own tool — then a summary.
 */
export const shippingAudit: Scenario = {
  id: 'shipping-audit',
  title: 'Shipping audit (activity)',
  description: 'Audits 19 orders and delegates two carrier checks to a sub-agent: 20 tool calls to see in the Activity view.',
  prompt: 'Run the shipping audit',
  chatTitle: 'Shipping audit',
  match: /\b(audit|activity|timeline)\b/i,
  // About a run seen live (the Activity view follows it while it runs): keeps its pace on a server
  // that plays the other scenarios at once.
  pace: 'real',
  tools: {
    lookupOrder: agenticTurn.tools!.lookupOrder!,
    auditOrder: {
      description: 'Audits one order (slowly).',
      inputSchema: z.object({ orderId: z.string() }),
      execute: async ({ orderId }: { orderId: string }) => {
        await wait(TOOL_MS);
        return { orderId, ok: Number(orderId.slice(1)) % 7 !== 0 };
      },
    },
    checkCarrier: {
      description: 'Checks a shipment with its carrier.',
      inputSchema: z.object({ shipment: z.string() }),
      execute: async ({ shipment }: { shipment: string }) => {
        await wait(TOOL_MS);
        return { shipment, carrier: 'ACME', onTime: shipment !== 's2' };
      },
    },
  },
  subAgents: {
    carrier: {
      instructions: 'You check shipments with their carrier.',
      agent: { tools: ['checkCarrier'] },
      script: {
        chunkDelayMs: 10,
        steps: ({ stepInTurn }) =>
          stepInTurn === 0
            ? [
                { type: 'tool-call', toolName: 'checkCarrier', input: { shipment: 's1' } },
                { type: 'tool-call', toolName: 'checkCarrier', input: { shipment: 's2' } },
              ]
            : [{ type: 'text', text: 'Shipment s1 is on time; s2 is late.' }],
      },
    },
  },
  agent: { tools: ['auditOrder'], agents: [{ agent: 'carrier', description: 'Delegate carrier checks to the carrier agent.' }], maxSteps: 6 },
  script: {
    chunkDelayMs: 10,
    steps: ({ stepInTurn, toolResults }) => {
      const audits = (from: number, count: number) =>
        Array.from({ length: count }, (_, i) => ({ type: 'tool-call' as const, toolName: 'auditOrder', input: { orderId: `o${from + i}` } }));
      if (stepInTurn === 0) return [{ type: 'text', text: 'Auditing the open orders. ' }, ...audits(1, 5)];
      if (stepInTurn === 1) return [...audits(6, 5), { type: 'tool-call', toolName: 'carrier', input: { task: 'Check shipments s1 and s2' } }];
      if (stepInTurn === 2) return audits(11, 5);
      if (stepInTurn === 3) return audits(16, 4);
      const flagged = toolResults.filter((r) => (r.output as { ok?: boolean } | undefined)?.ok === false).length;
      return [{ type: 'text', text: `Audit done: ${toolResults.length} checks, ${flagged} orders flagged; the carrier reports s2 late.` }];
    },
  },
};
