#!/bin/sh
# Fetches the console agent SDK for an RTOS firmware build into ./console-agent-rtos.
# Run it on the build machine:  ARCH=cortex-m4 sh install.sh   (@@ARCHITECTURES@@)
set -eu
SERVER=${CONSOLE_SERVER:-@@SERVER@@}
ARCH=${ARCH:-cortex-m4}
DEST=${DEST:-console-agent-rtos}
case "$ARCH" in
  @@ARCHITECTURE@@) AGENT=@@AGENT@@ ;;
  *) echo "console-agent: unknown RTOS architecture $ARCH" >&2; exit 1 ;;
esac
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
if command -v curl >/dev/null 2>&1; then curl -fsSL "$SERVER/api/v1/agents/$AGENT/download" -o "$tmp"
else wget -q -O "$tmp" "$SERVER/api/v1/agents/$AGENT/download"
fi
mkdir -p "$DEST"
tar -xzf "$tmp" -C "$DEST"
echo "console-agent: SDK for $ARCH unpacked in $DEST. Add console_agent.c to the firmware build,"
echo "include console_agent.h and see example_client.c. Set CONSOLE_SERVER and the provision token"
if [ -n "${PROVISION_TOKEN:-}" ]; then
  printf '#define CONSOLE_SERVER "%s"\n#define CONSOLE_PROVISION_TOKEN "%s"\n' "$SERVER" "$PROVISION_TOKEN" > "$DEST/console_agent_config.h"
  echo "in $DEST/console_agent_config.h (written from PROVISION_TOKEN)."
else
  echo 'in console_agent_config.h (CONSOLE_SERVER, CONSOLE_PROVISION_TOKEN).'
fi
