#!/bin/sh
# console-agent @@VERSION@@ - device inventory agent for the security-monitoring console.
# POSIX sh; needs awk, sed, coreutils and curl (or GNU wget). Run "console-agent --help".
set -u
AGENT_VERSION='@@VERSION@@'
DEFAULT_STATE_DIR=/var/lib/console-agent
STATE_DIR=${CONSOLE_AGENT_STATE_DIR:-$DEFAULT_STATE_DIR}
INSTALLED_BIN=/usr/local/bin/console-agent
UNIT=/etc/systemd/system/console-agent.service
CRON=/etc/cron.d/console-agent

usage() {
  cat <<USAGE
console-agent $AGENT_VERSION

Usage: console-agent <command> [options]

Commands:
  enroll --server URL --token TOKEN   Register this machine with the console using a provision
                                      token (or PROVISION_TOKEN in the environment); saves the
                                      device credential in the state dir.
  report                              Collect this machine's inventory (platform, kernel, user
                                      accounts, network interfaces, packages) and send it now.
  run [--interval SECONDS]            Report now and then every interval (default 3600).
  inventory                           Print the inventory JSON on stdout; sends nothing.
  uninstall                           Remove the agent's state; for the installed agent (default
                                      state dir) also its service, cron entry and program.
  --version                           Print the version.
  --help                              Show this help.

Every command takes --state-dir DIR (default $DEFAULT_STATE_DIR, or CONSOLE_AGENT_STATE_DIR).
USAGE
}

say() { echo "console-agent: $*" >&2; }
die() { say "$*"; exit 1; }

# ---------------------------------------------------------------- inventory collection

# JSON string escaping for awk: backslash, quote and tab escaped, other control characters dropped.
AWK_JSON='function j(s,  out, i, c) { gsub(/[\001-\010\012-\037\177]/, "", s); out = ""; for (i = 1; i <= length(s); i++) { c = substr(s, i, 1); if (c == "\\") out = out "\\\\"; else if (c == "\"") out = out "\\\""; else if (c == "\t") out = out "\\t"; else out = out c } return "\"" out "\"" }'

json() { printf '%s' "$1" | awk "$AWK_JSON"' { buf = buf (NR > 1 ? " " : "") $0 } END { printf "%s", j(buf) }'; }

os_field() {
  [ -r /etc/os-release ] || { printf '%s' "$2"; return; }
  value=$(awk -F= -v key="$1" '$1 == key { v = substr($0, length(key) + 2); gsub(/^["'"'"']|["'"'"']$/, "", v); print v; exit }' /etc/os-release)
  printf '%s' "${value:-$2}"
}

accounts() {
  uid_min=$(awk '$1 == "UID_MIN" && $2 ~ /^[0-9]+$/ { print $2; exit }' /etc/login.defs 2>/dev/null)
  groups=/etc/group
  [ -r "$groups" ] || groups=/dev/null
  awk -F: -v gfile="$groups" -v uid_min="${uid_min:-1000}" "$AWK_JSON"'
    FILENAME == gfile { gname[$3] = $1; n = split($4, m, ","); for (i = 1; i <= n; i++) member[$1, m[i]] = 1; next }
    NF < 7 || $1 ~ /^[+-]/ || $3 !~ /^[0-9]+$/ || $3 > 2147483647 { next }
    {
      g = gname[$4]; priv = "standard"
      if ($3 == 0) priv = "root"
      else if (member["sudo", $1] || g == "sudo") priv = "sudo"
      else if (member["wheel", $1] || g == "wheel") priv = "wheel"
      else if (member["admin", $1] || g == "admin") priv = "admin"
      else if ($7 ~ /(nologin|false|sync|shutdown|halt)$/ || $3 + 0 < uid_min + 0) priv = "service"
      printf "%s{\"username\":%s,\"uid\":%d,\"group_name\":%s,\"home_directory\":%s,\"shell\":%s,\"privileges\":%s}", (c++ ? "," : ""), j($1), $3, j(g), j($6), j($7), j(priv)
    }' "$groups" /etc/passwd 2>/dev/null
}

# The addresses of one interface, one per line, without prefix length.
addresses() {
  if command -v ip >/dev/null 2>&1; then
    ip -o addr show dev "$1" 2>/dev/null | awk '{ sub(/\/.*/, "", $4); print $4 }'
  elif command -v ifconfig >/dev/null 2>&1; then
    ifconfig "$1" 2>/dev/null | awk '$1 == "inet" || $1 == "inet6" { a = ($2 == "addr:" ? $3 : $2); sub(/^addr:/, "", a); sub(/\/.*/, "", a); sub(/%.*/, "", a); if (a != "") print a }'
  fi
}

interfaces() {
  first=1
  for dir in /sys/class/net/*; do
    [ -e "$dir" ] || continue
    name=${dir##*/}
    # operstate is ASCII; ranges, unlike [:lower:], also work with a busybox tr built without classes.
    # shellcheck disable=SC2018,SC2019
    state=$(tr 'a-z' 'A-Z' < "$dir/operstate" 2>/dev/null)
    list=$(addresses "$name" | awk "$AWK_JSON"' NF { printf "%s%s", (c++ ? "," : ""), j($1) }')
    [ $first -eq 1 ] || printf ','
    first=0
    printf '{"name":%s,"state":%s,"ip_addresses":[%s]}' "$(json "$name")" "$(json "${state:-UNKNOWN}")" "$list"
  done
}

# Installed packages as "name<TAB>version<TAB>source<TAB>arch" lines, from the first package
# database found: dpkg, rpm, apk, opkg.
package_lines() {
  if command -v dpkg-query >/dev/null 2>&1 && [ -d /var/lib/dpkg ]; then
    dpkg-query -W -f='${db:Status-Abbrev}\t${Package}\t${Version}\t${source:Package}\t${Architecture}\n' 2>/dev/null |
      awk -F'\t' 'substr($1, 2, 1) == "i" { print $2 "\t" $3 "\t" $4 "\t" $5 }'
  elif command -v rpm >/dev/null 2>&1; then
    rpm -qa --qf '%{NAME}\t%|EPOCH?{%{EPOCH}:}:{}|%{VERSION}-%{RELEASE}\t%{SOURCERPM}\t%{ARCH}\n' 2>/dev/null |
      awk -F'\t' '{ src = $3; if (src == "(none)") src = ""; sub(/-[^-]+-[^-]+\.src\.rpm$/, "", src); print $1 "\t" $2 "\t" src "\t" $4 }'
  elif [ -r /lib/apk/db/installed ]; then
    awk -F: '/^P:/ { n = substr($0, 3) } /^V:/ { v = substr($0, 3) } /^A:/ { a = substr($0, 3) } /^o:/ { o = substr($0, 3) }
      /^$/ { if (n != "") print n "\t" v "\t" o "\t" a; n = v = a = o = "" }
      END { if (n != "") print n "\t" v "\t" o "\t" a }' /lib/apk/db/installed
  elif [ -r /var/lib/opkg/status ] || [ -r /usr/lib/opkg/status ]; then
    awk '/^Package:/ { n = $2 } /^Version:/ { v = $2 } /^Architecture:/ { a = $2 } /^Status:/ { s = $0 }
      /^$/ { if (n != "" && s ~ / installed$/) print n "\t" v "\t" n "\t" a; n = s = "" }' \
      /var/lib/opkg/status /usr/lib/opkg/status 2>/dev/null
  fi
}

packages() {
  package_lines | awk -F'\t' "$AWK_JSON"' $1 != "" && $2 != "" {
    src = ($3 == "" ? $1 : $3)
    printf "%s{\"name\":%s,\"version\":%s,\"source_name\":%s,\"architecture\":%s}", (c++ ? "," : ""), j($1), j($2), j(src), j($4) }'
}

inventory() {
  printf '{"agent_version":%s,"device_type":"linux","hostname":%s,' "$(json "$AGENT_VERSION")" "$(json "$(uname -n)")"
  printf '"platform_name":%s,"platform_version":%s,' "$(json "$(os_field NAME Linux)")" "$(json "$(os_field VERSION "$(os_field VERSION_ID '')")")"
  printf '"platform_id":%s,"platform_version_id":%s,' "$(json "$(os_field ID linux)")" "$(json "$(os_field VERSION_ID '')")"
  printf '"kernel_arch":%s,"kernel_version":%s,' "$(json "$(uname -m)")" "$(json "$(uname -r)")"
  printf '"user_accounts":['; accounts; printf '],'
  printf '"network_interfaces":['; interfaces; printf '],'
  printf '"packages":['; packages; printf ']}\n'
}

# ---------------------------------------------------------------- state and HTTP

conf_get() { [ -r "$STATE_DIR/agent.conf" ] && sed -n "s/^$1=//p" "$STATE_DIR/agent.conf" | head -n 1; }

# A stable identity for this machine: systemd/dbus machine-id, else one generated once and kept.
machine_id() {
  for file in /etc/machine-id /var/lib/dbus/machine-id "$STATE_DIR/machine-id"; do
    id=$(head -n 1 "$file" 2>/dev/null | tr -d ' \t\r')
    case "$id" in ''|*[!A-Za-z0-9._:-]*) ;; *) [ ${#id} -ge 8 ] && { printf '%s' "$id"; return; } ;; esac
  done
  id=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
  (umask 077; printf '%s\n' "$id" > "$STATE_DIR/machine-id") || die "cannot write $STATE_DIR/machine-id"
  printf '%s' "$id"
}

# http METHOD URL BODY_FILE OUT_FILE SECRET_HEADER [gzip] -> prints the HTTP status (000: no answer)
http() {
  if command -v curl >/dev/null 2>&1; then
    set -- "$@" ''
    encoding=''
    [ "$6" = gzip ] && encoding='Content-Encoding: gzip'
    # The secret header goes through a config read from stdin: never visible in ps.
    printf 'header = "%s"\n' "$5" | curl -sS --connect-timeout 30 --max-time 600 -o "$4" -w '%{http_code}' -X "$1" \
      -H 'Content-Type: application/json' ${encoding:+-H "$encoding"} --data-binary "@$3" --config - "$2" 2>"$4.err" || true
  elif wget --version 2>/dev/null | grep -q 'GNU Wget'; then
    set -- "$@" ''
    rc="$4.wgetrc"
    (umask 077; printf 'header = %s\n' "$5" > "$rc")
    encoding=''
    [ "$6" = gzip ] && encoding='--header=Content-Encoding: gzip'
    WGETRC="$rc" wget -q -S --content-on-error -T 600 -O "$4" --method="$1" --body-file="$3" \
      --header='Content-Type: application/json' ${encoding:+"$encoding"} "$2" 2>"$4.err"
    rm -f "$rc"
    code=$(awk '$1 ~ /^HTTP\// { c = $2 } END { print c }' "$4.err")
    printf '%s' "${code:-000}"
  else
    die 'curl (or GNU wget) is needed to talk to the console; busybox wget cannot send PUT requests'
  fi
}

# detail OUT_FILE CODE FALLBACK: the "detail" of the console's JSON answer; for no answer at all
# (000) the transport's own error; else FALLBACK (GNU wget keeps no body for a 401).
detail() {
  msg=$(sed -n 's/.*"detail":"\([^"]*\)".*/\1/p' "$1" 2>/dev/null | head -n 1)
  if [ -z "$msg" ] && [ "$2" = 000 ]; then msg=$(grep -v '^ ' "$1.err" 2>/dev/null | head -n 1); fi
  printf '%s' "${msg:-$3}"
}

need() { [ $# -ge 2 ] || { say "$1 needs a value"; exit 2; }; }
unknown() { say "unknown option $1"; usage >&2; exit 2; }

# For the commands whose only option is --state-dir.
state_only() {
  while [ $# -gt 0 ]; do
    case "$1" in
      --state-dir) need "$@"; STATE_DIR=$2; shift 2 ;;
      --state-dir=*) STATE_DIR=${1#--state-dir=}; shift ;;
      *) unknown "$1" ;;
    esac
  done
}

prepare_state() {
  (umask 077; mkdir -p "$STATE_DIR") || die "cannot create $STATE_DIR (run as root, or pass --state-dir)"
  chmod 700 "$STATE_DIR" 2>/dev/null || true
}

# ---------------------------------------------------------------- commands

enroll() {
  server='' token=''
  while [ $# -gt 0 ]; do
    case "$1" in
      --server) need "$@"; server=$2; shift 2 ;;
      --server=*) server=${1#--server=}; shift ;;
      --token) need "$@"; token=$2; shift 2 ;;
      --token=*) token=${1#--token=}; shift ;;
      --state-dir) need "$@"; STATE_DIR=$2; shift 2 ;;
      --state-dir=*) STATE_DIR=${1#--state-dir=}; shift ;;
      *) unknown "$1" ;;
    esac
  done
  token=${token:-${PROVISION_TOKEN:-}}
  if [ -z "$server" ] || [ -z "$token" ]; then say 'enroll needs --server URL and --token TOKEN'; exit 2; fi
  server=${server%/}
  case "$server" in http://?*|https://?*) ;; *) die "--server must be an http:// or https:// URL (got $server)" ;; esac
  case "$server" in *[!A-Za-z0-9.:/_~%@-]*) die "--server must be a plain URL such as https://console.example.com (got $server)" ;; esac
  case "$token" in *[!A-Za-z0-9_-]*) die 'the provision token has unexpected characters' ;; esac
  prepare_state
  body="$STATE_DIR/enroll.json"
  out="$STATE_DIR/enroll.out"
  printf '{"hostname":%s,"device_type":"linux","machine_id":%s,"agent_version":%s}\n' \
    "$(json "$(uname -n)")" "$(json "$(machine_id)")" "$(json "$AGENT_VERSION")" > "$body"
  code=$(http POST "$server/api/v1/agents/enroll/" "$body" "$out" "X-Provision-Token: $token")
  case "$code" in
    200|201) ;;
    000) msg=$(detail "$out" "$code" 'no answer'); rm -f "$body" "$out" "$out.err"; die "cannot reach $server: $msg" ;;
    401) msg=$(detail "$out" "$code" 'Invalid provision token.'); rm -f "$body" "$out" "$out.err"; die "enrolment refused (HTTP 401): $msg" ;;
    *) msg=$(detail "$out" "$code" 'unexpected answer'); rm -f "$body" "$out" "$out.err"; die "enrolment refused (HTTP $code): $msg" ;;
  esac
  uid=$(sed -n 's/.*"uid":"\([0-9a-f-]*\)".*/\1/p' "$out")
  credential=$(sed -n 's/.*"credential":"\(dc_[A-Za-z0-9_-]*\)".*/\1/p' "$out")
  rm -f "$body" "$out" "$out.err"
  if [ -z "$uid" ] || [ -z "$credential" ]; then die 'the console answered without a device credential'; fi
  { (umask 077; printf 'SERVER=%s\nDEVICE_UID=%s\nCREDENTIAL=%s\n' "$server" "$uid" "$credential" > "$STATE_DIR/agent.conf.tmp") &&
    mv "$STATE_DIR/agent.conf.tmp" "$STATE_DIR/agent.conf" && chmod 600 "$STATE_DIR/agent.conf"; } ||
    die "cannot write $STATE_DIR/agent.conf"
  echo "console-agent: enrolled as device $uid at $server (credential saved in $STATE_DIR/agent.conf)"
}

report() {
  server=$(conf_get SERVER) uid=$(conf_get DEVICE_UID) credential=$(conf_get CREDENTIAL)
  if [ -z "$server" ] || [ -z "$uid" ] || [ -z "$credential" ]; then
    die "not enrolled: run console-agent enroll --server URL --token TOKEN first (state dir $STATE_DIR)"
  fi
  body="$STATE_DIR/report.json"
  out="$STATE_DIR/report.out"
  (umask 077; inventory > "$body") || die 'could not collect the inventory'
  send="$body" encoding=''
  if command -v gzip >/dev/null 2>&1 && gzip -c < "$body" > "$body.gz" 2>/dev/null; then send="$body.gz" encoding=gzip; fi
  code=$(http PUT "$server/api/v1/devices/$uid/inventory/" "$send" "$out" "Authorization: Device $credential" $encoding)
  case "$code" in
    200)
      count=$(sed -n 's/.*"package_count":\([0-9]*\).*/\1/p' "$out")
      mv "$body" "$STATE_DIR/last-report.json"
      rm -f "$body.gz" "$out" "$out.err"
      echo "console-agent: inventory reported to $server ($count packages)" ;;
    401)
      rm -f "$body" "$body.gz" "$out" "$out.err"
      die "the console refused this device's credential (HTTP 401): the device was removed or enrolled again elsewhere; run console-agent enroll" ;;
    000)
      msg=$(detail "$out" "$code" 'no answer'); rm -f "$body" "$body.gz" "$out" "$out.err"
      die "cannot reach $server: $msg" ;;
    *)
      msg=$(detail "$out" "$code" 'unexpected answer'); rm -f "$body" "$body.gz" "$out" "$out.err"
      die "report failed (HTTP $code): $msg" ;;
  esac
}

run() {
  interval=3600
  while [ $# -gt 0 ]; do
    case "$1" in
      --interval) need "$@"; interval=$2; shift 2 ;;
      --interval=*) interval=${1#--interval=}; shift ;;
      --state-dir) need "$@"; STATE_DIR=$2; shift 2 ;;
      --state-dir=*) STATE_DIR=${1#--state-dir=}; shift ;;
      *) unknown "$1" ;;
    esac
  done
  case "$interval" in ''|*[!0-9]*|0) die '--interval must be a whole number of seconds' ;; esac
  while :; do
    (report) || say "will retry in $interval s"
    sleep "$interval"
  done
}

uninstall() {
  if [ "$STATE_DIR" = "$DEFAULT_STATE_DIR" ]; then
    [ "$(id -u)" -eq 0 ] || die 'run uninstall as root (or pass --state-dir for a private state dir)'
    if command -v systemctl >/dev/null 2>&1 && [ -f "$UNIT" ]; then
      systemctl disable --now console-agent.service >/dev/null 2>&1 || true
      rm -f "$UNIT"
      systemctl daemon-reload 2>/dev/null || true
    fi
    rm -f "$CRON"
    rm -rf /etc/console-agent
  fi
  # Only the files the agent writes: never a recursive delete of a folder it was handed.
  for file in agent.conf agent.conf.tmp machine-id last-report.json report.json report.json.gz report.out report.out.err report.out.wgetrc enroll.json enroll.out enroll.out.err enroll.out.wgetrc; do
    rm -f "$STATE_DIR/$file"
  done
  rmdir "$STATE_DIR" 2>/dev/null || true
  if [ "$STATE_DIR" = "$DEFAULT_STATE_DIR" ] && [ -f "$INSTALLED_BIN" ]; then rm -f "$INSTALLED_BIN"; fi
  echo 'console-agent: removed'
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
  enroll) enroll "$@" ;;
  report) state_only "$@"; report ;;
  run) run "$@" ;;
  inventory) state_only "$@"; inventory ;;
  uninstall) state_only "$@"; uninstall ;;
  --version|version) echo "console-agent $AGENT_VERSION" ;;
  --help|-h|help) usage ;;
  *) usage >&2; exit 2 ;;
esac
