/**
 * The Linux agent served by /api/v1/agents/{uid}/download: a dependency-free POSIX sh script
 * (sh + awk + coreutils, as found on Debian, RHEL, Alpine/busybox and Yocto images). Today it
 * collects and prints the inventory; `enroll` stores the server and token for the enrolment
 * release, which adds the sending side.
 */
export function linuxAgentScript (version: string): string {
  // String.raw keeps the script's backslashes; `\${` stands for a literal `${` of the shell.
  return String.raw`#!/bin/sh
# console-agent ${version} - device inventory agent for the security-monitoring console.
# POSIX sh; needs only awk and the usual base tools.
set -u
AGENT_VERSION='${version}'
CONF_DIR=\${CONSOLE_AGENT_CONF_DIR:-/etc/console-agent}
STATE_DIR=\${CONSOLE_AGENT_STATE_DIR:-/var/lib/console-agent}

usage() {
  cat <<USAGE
console-agent $AGENT_VERSION

Usage: console-agent <command> [options]

Commands:
  report                          Collect this device's inventory and print it as JSON on stdout
                                  (platform, kernel, user accounts, network interfaces, packages).
                                  Nothing is sent.
  enroll --server URL --token T   Save the console URL and provision token in $CONF_DIR/agent.conf.
  run [--interval SECONDS]        Write a report to $STATE_DIR/last-report.json every interval
                                  (default 3600); used by the systemd unit.
  --version                       Print the version.
  --help                          Show this help.
USAGE
}

# JSON string escaping for awk: backslash, quote, tab and other control characters.
AWK_JSON='function j(s,  out, i, c) { out = ""; for (i = 1; i <= length(s); i++) { c = substr(s, i, 1); if (c == "\\") out = out "\\\\"; else if (c == "\"") out = out "\\\""; else if (c == "\t") out = out "\\t"; else if (c != "\r" && c != "\n") out = out c } return "\"" out "\"" }'

json() { printf '%s' "$1" | awk "$AWK_JSON"' { buf = buf $0 } END { printf "%s", j(buf) }'; }

os_field() {
  [ -r /etc/os-release ] || { printf '%s' "$2"; return; }
  value=$(awk -F= -v key="$1" '$1 == key { v = substr($0, length(key) + 2); gsub(/^"|"$/, "", v); print v; exit }' /etc/os-release)
  printf '%s' "\${value:-$2}"
}

accounts() {
  awk -F: "$AWK_JSON"'
    FNR == NR { gname[$3] = $1; n = split($4, m, ","); for (i = 1; i <= n; i++) member[$1, m[i]] = 1; next }
    {
      priv = "standard"
      if ($3 == 0) priv = "root"
      else if (member["sudo", $1] || member["wheel", $1] || member["admin", $1]) priv = "sudo"
      else if ($7 ~ /(nologin|false)$/) priv = "service"
      printf "%s{\"username\":%s,\"uid\":%d,\"group_name\":%s,\"home_directory\":%s,\"shell\":%s,\"privileges\":%s}", (c++ ? "," : ""), j($1), $3, j(gname[$4]), j($6), j($7), j(priv)
    }' /etc/group /etc/passwd 2>/dev/null
}

interfaces() {
  first=1
  for dir in /sys/class/net/*; do
    [ -e "$dir" ] || continue
    name=\${dir##*/}
    state=$(cat "$dir/operstate" 2>/dev/null | tr 'a-z' 'A-Z')
    addrs=''
    if command -v ip >/dev/null 2>&1; then
      addrs=$(ip -o addr show dev "$name" 2>/dev/null | awk '{ sub(/\/.*/, "", $4); printf "%s%s", (c++ ? ", " : ""), $4 }')
    fi
    [ $first -eq 1 ] || printf ','
    first=0
    printf '{"name":%s,"state":%s,"ip_addresses":%s}' "$(json "$name")" "$(json "\${state:-UNKNOWN}")" "$(json "$addrs")"
  done
}

packages() {
  if command -v dpkg-query >/dev/null 2>&1; then
    dpkg-query -W -f='\${db:Status-Abbrev}\t\${Package}\t\${Version}\t\${source:Package}\t\${Architecture}\n' 2>/dev/null |
      awk -F'\t' '$1 ~ /^ii/ { print $2 "\t" $3 "\t" $4 "\t" $5 }'
  elif command -v rpm >/dev/null 2>&1; then
    rpm -qa --qf '%{NAME}\t%{VERSION}-%{RELEASE}\t%{SOURCERPM}\t%{ARCH}\n' 2>/dev/null |
      awk -F'\t' '{ src = $3; sub(/-[^-]+-[^-]+\.src\.rpm$/, "", src); print $1 "\t" $2 "\t" src "\t" $4 }'
  elif command -v apk >/dev/null 2>&1; then
    # "name-1.2.3-r0 x86_64 {origin} (license) [installed]"
    apk list --installed 2>/dev/null | awk '{
      n = split($1, p, "-"); ver = p[n - 1] "-" p[n]; name = p[1]; for (i = 2; i <= n - 2; i++) name = name "-" p[i]
      origin = $3; gsub(/[{}]/, "", origin); print name "\t" ver "\t" origin "\t" $2 }'
  elif [ -r /var/lib/opkg/status ] || [ -r /usr/lib/opkg/status ]; then
    awk '/^Package:/ { n = $2 } /^Version:/ { v = $2 } /^Architecture:/ { a = $2 } /^$/ { if (n != "") print n "\t" v "\t" n "\t" a; n = "" }' \
      /var/lib/opkg/status /usr/lib/opkg/status 2>/dev/null
  fi | awk -F'\t' "$AWK_JSON"' $1 != "" {
    src = ($3 == "" ? $1 : $3)
    printf "%s{\"name\":%s,\"version\":%s,\"source_name\":%s,\"architecture\":%s}", (c++ ? "," : ""), j($1), j($2), j(src), j($4) }'
}

report() {
  printf '{"agent_version":%s,"device_type":"linux","hostname":%s,"platform_name":%s,"platform_version":%s,' \
    "$(json "$AGENT_VERSION")" "$(json "$(hostname 2>/dev/null || cat /proc/sys/kernel/hostname)")" \
    "$(json "$(os_field NAME Linux)")" "$(json "$(os_field VERSION_ID '')")"
  printf '"kernel_arch":%s,"kernel_version":%s,' "$(json "$(uname -m)")" "$(json "$(uname -r)")"
  printf '"collected_at":%s,' "$(json "$(date -u +%Y-%m-%dT%H:%M:%SZ)")"
  printf '"user_accounts":['; accounts; printf '],'
  printf '"network_interfaces":['; interfaces; printf '],'
  printf '"packages":['; packages; printf ']}\n'
}

enroll() {
  server='' token=''
  while [ $# -gt 0 ]; do
    case "$1" in
      --server) server=\${2:-}; shift 2 ;;
      --token) token=\${2:-}; shift 2 ;;
      *) echo "console-agent: unknown option $1" >&2; exit 2 ;;
    esac
  done
  if [ -z "$server" ] || [ -z "$token" ]; then echo 'console-agent: enroll needs --server URL and --token TOKEN' >&2; exit 2; fi
  mkdir -p "$CONF_DIR" || exit 1
  umask 077
  printf 'SERVER=%s\nPROVISION_TOKEN=%s\n' "$server" "$token" > "$CONF_DIR/agent.conf" || exit 1
  echo "console-agent: saved server and provision token in $CONF_DIR/agent.conf"
  echo 'console-agent: this build collects inventory locally; sending it arrives with server-side enrolment.'
}

run() {
  interval=3600
  [ "\${1:-}" = '--interval' ] && interval=\${2:-3600}
  mkdir -p "$STATE_DIR" || exit 1
  while :; do
    report > "$STATE_DIR/last-report.json.tmp" && mv "$STATE_DIR/last-report.json.tmp" "$STATE_DIR/last-report.json"
    sleep "$interval"
  done
}

case "\${1:-}" in
  report) report ;;
  enroll) shift; enroll "$@" ;;
  run) shift; run "$@" ;;
  --version|version) echo "console-agent $AGENT_VERSION" ;;
  --help|-h|help) usage ;;
  *) usage >&2; exit 2 ;;
esac
`.replaceAll('\\${', '${')
}
