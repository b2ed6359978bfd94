import { CommandBlock, type Agent } from '@console/shared';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { agentDownloadUrl } from '../../api/agent';

/** The install script is served to holders of a tenant API key; the token enrols the device. */
export function linuxInstallCommand(origin: string): string {
  return `curl -fsSL -H "X-API-Key: <YOUR_API_KEY>" ${origin}/api/v1/agents/linux/install | sudo PROVISION_TOKEN=<TOKEN> sh`;
}

export function linuxUninstallCommand(origin: string): string {
  return `curl -fsSL -H "X-API-Key: <YOUR_API_KEY>" ${origin}/api/v1/agents/linux/uninstall | sudo sh`;
}

export function InstallInstructions({ agent }: { agent: Agent }) {
  const origin = window.location.origin;
  if (agent.device_type === 'rtos') {
    return (
      <>
        <Typography sx={{ mb: 2 }}>
          The RTOS agent is a library built into your firmware. Download the package below, add it to your firmware build
          following the README inside, and set your provision token in its configuration before flashing the device. On its first
          connection the device enrols in this tenant.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Download: <Link href={agentDownloadUrl(agent.uid)}>{agentDownloadUrl(agent.uid)}</Link>
        </Typography>
      </>
    );
  }
  return (
    <>
      <Typography sx={{ mb: 2 }}>
        Run this on the Linux device as a user with sudo. Replace &lt;YOUR_API_KEY&gt; with an API key of this tenant (API Keys
        page) and &lt;TOKEN&gt; with an active provision token (Provision Tokens tab).
      </Typography>
      <CommandBlock label="Install" command={linuxInstallCommand(origin)} />
      <CommandBlock label="Uninstall" command={linuxUninstallCommand(origin)} />
    </>
  );
}
