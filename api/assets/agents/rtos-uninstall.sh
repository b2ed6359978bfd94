#!/bin/sh
# Removes the console agent SDK fetched by the RTOS install script (./console-agent-rtos).
set -eu
DEST=${DEST:-console-agent-rtos}
if [ -f "$DEST/console_agent.h" ]; then rm -rf "$DEST"; echo "console-agent: removed $DEST"
else echo "console-agent: no SDK in $DEST"
fi
