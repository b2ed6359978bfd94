#!/bin/sh
# Installs console-agent on this Linux device. Run as root:
#   curl -fsSL -H "X-API-Key: <key>" @@ORIGIN@@/api/v1/agents/linux/install | sudo PROVISION_TOKEN=<token> sh
set -eu
SERVER=${CONSOLE_SERVER:-@@SERVER@@}
BIN=/usr/local/bin/console-agent
UNIT=/etc/systemd/system/console-agent.service
CRON=/etc/cron.d/console-agent

case "$(uname -m)" in
  x86_64|amd64) AGENT=@@AGENT_X86_64@@ ;;
  aarch64|arm64) AGENT=@@AGENT_AARCH64@@ ;;
  armv7l|armv7|armhf) AGENT=@@AGENT_ARMV7L@@ ;;
  *) echo "console-agent: unsupported architecture $(uname -m)" >&2; exit 1 ;;
esac

if [ "$(id -u)" -ne 0 ]; then echo 'console-agent: run this installer as root' >&2; exit 1; fi

download() {
  if command -v curl >/dev/null 2>&1; then curl -fsSL "$1" -o "$2"
  elif command -v wget >/dev/null 2>&1; then wget -q -O "$2" "$1"
  else echo 'console-agent: curl or wget is required' >&2; exit 1
  fi
}

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
download "$SERVER/api/v1/agents/$AGENT/download" "$tmp"
head -n 1 "$tmp" | grep -q '^#!/bin/sh' || { echo 'console-agent: the download is not the agent' >&2; exit 1; }
mkdir -p /usr/local/bin
cp "$tmp" "$BIN"
chmod 0755 "$BIN"

# Enrol before the schedule starts, so its first run already reports.
if [ -n "${PROVISION_TOKEN:-}" ]; then
  # The token goes through the environment, not the command line (ps shows arguments).
  PROVISION_TOKEN="$PROVISION_TOKEN" "$BIN" enroll --server "$SERVER"
  "$BIN" report || echo 'console-agent: the first report failed; the schedule will retry' >&2
fi

if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  cat > "$UNIT" <<UNIT
[Unit]
Description=Security console inventory agent
After=network-online.target

[Service]
ExecStart=$BIN run --interval 3600
Restart=on-failure
RestartSec=60

[Install]
WantedBy=multi-user.target
UNIT
  systemctl daemon-reload
  systemctl enable --now console-agent.service
  echo 'console-agent: systemd service console-agent enabled'
else
  mkdir -p /etc/cron.d
  echo "17 * * * * root $BIN report >/dev/null 2>&1" > "$CRON"
  echo "console-agent: hourly cron entry written to $CRON"
fi

if [ -z "${PROVISION_TOKEN:-}" ] && [ ! -f /var/lib/console-agent/agent.conf ]; then
  echo "console-agent: not enrolled yet: run  $BIN enroll --server $SERVER --token <provision token>"
fi
"$BIN" --version
echo 'console-agent: installed'
