import type { Db } from '../../../db/client.js'
import { getAgent } from './catalogue.js'
import { linuxAgentScript } from './linux-agent-script.js'
import { rtosBundle } from './rtos-bundle.js'

export interface Artifact {
  contentType: string
  filename: string
  body: string | Buffer
}

/** What `/api/v1/agents/{uid}/download` sends for a build: the Linux sh agent, or the RTOS C SDK tar.gz. 404 for an unknown uid. */
export async function agentArtifact(db: Db, uid: string): Promise<Artifact> {
  const agent = await getAgent(db, uid)
  if (agent.device_type === 'linux') {
    return { contentType: 'text/x-shellscript; charset=utf-8', filename: 'console-agent', body: linuxAgentScript(agent.version) }
  }
  return {
    contentType: 'application/gzip',
    filename: `console-agent-rtos-${agent.architecture}-${agent.version}.tar.gz`,
    body: rtosBundle(agent.version, agent.architecture)
  }
}
