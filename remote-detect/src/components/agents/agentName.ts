import type { Agent } from '@console/shared';

export const deviceTypeLabel = (agent: Pick<Agent, 'device_type'>) => (agent.device_type === 'rtos' ? 'RTOS' : 'Linux');

/** An agent build has no name of its own: "Linux x86_64 1.4.0" tells the builds apart. */
export const agentName = (agent: Pick<Agent, 'device_type' | 'architecture' | 'version'>) =>
  [deviceTypeLabel(agent), agent.architecture, agent.version].filter(Boolean).join(' ');
