import { ErrorState, FieldList, LoadingState, PageBreadcrumbs, useDocumentTitle } from '@console/shared';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { agentDownloadUrl, useAgent } from '../api/agent';
import { InstallInstructions } from '../components/agents/InstallInstructions';
import { agentName, deviceTypeLabel } from '../components/agents/agentName';
import { agentCrumbs } from '../components/common/crumbs';
import { Section } from '../components/common/Section';

/** /agents/{uid}: an overview, then install instructions for Linux or RTOS (spec §2). */
export function AgentDetailPage() {
  const { uid } = useParams();
  const { data: agent, error, isLoading, mutate } = useAgent(uid);
  const name = agent ? agentName(agent) : undefined;
  useDocumentTitle([name, 'Agents']);

  return (
    <Box sx={{ p: 3 }}>
      <PageBreadcrumbs crumbs={agentCrumbs(name ?? 'Agent')} />
      <Typography variant="h4" component="h1" gutterBottom>
        Agent
      </Typography>
      {error ? (
        <ErrorState message="Error loading agent details." onRetry={() => void mutate()} />
      ) : isLoading || !agent ? (
        <LoadingState text="Loading..." />
      ) : (
        <>
          <Section
            title="Overview"
            action={
              // A plain link: the browser downloads the attachment with the session cookie.
              <Button variant="contained" startIcon={<DownloadIcon />} href={agentDownloadUrl(agent.uid)}>
                Download agent
              </Button>
            }
          >
            <FieldList
              fields={[
                { label: 'Device type', value: deviceTypeLabel(agent) },
                { label: 'Architecture', value: agent.architecture },
                { label: 'Version', value: agent.version },
                { label: 'Agent id', value: agent.uid },
              ]}
            />
          </Section>
          <Section title={agent.device_type === 'rtos' ? 'Install on an RTOS device' : 'Install on Linux'}>
            <InstallInstructions agent={agent} />
          </Section>
        </>
      )}
    </Box>
  );
}
