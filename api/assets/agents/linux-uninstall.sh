#!/bin/sh
# Removes console-agent from this Linux device (run as root).
set -eu
if [ "$(id -u)" -ne 0 ]; then echo 'console-agent: run this uninstaller as root' >&2; exit 1; fi
if command -v systemctl >/dev/null 2>&1 && [ -f /etc/systemd/system/console-agent.service ]; then
  systemctl disable --now console-agent.service 2>/dev/null || true
  rm -f /etc/systemd/system/console-agent.service
  systemctl daemon-reload
fi
rm -f /etc/cron.d/console-agent /usr/local/bin/console-agent
rm -rf /etc/console-agent /var/lib/console-agent
echo 'console-agent: removed'
