#!/bin/sh
# console-scan @@VERSION@@ - software inventory (CycloneDX SBOM) and hardening audit of a Linux
# machine, for the insight reports of the security-monitoring console.
# POSIX sh; needs awk and the usual base tools; curl or wget only for the upload.
# It only reads the system, and writes only inside --out.
set -u
SCAN_VERSION='@@VERSION@@'
LC_ALL=C
export LC_ALL
umask 077
TAB=$(printf '\t')

usage() {
  cat <<USAGE
console-scan $SCAN_VERSION - software inventory and hardening audit of this Linux machine

Usage: sh console-scan --server URL --token TOKEN [--out DIR] [--no-upload]

Writes DIR/bom.json, a CycloneDX 1.6 SBOM of the installed dpkg, rpm or apk packages, and
DIR/audit.json, the result of @@RULE_COUNT@@ hardening checks (SSH server, accounts and passwords,
file permissions, kernel parameters, services, mounts), then uploads both to the insight report
whose upload token is TOKEN.

Options:
  --server URL    the console, e.g. https://console.example.com
  --token TOKEN   the report's upload token (or set CONSOLE_SCAN_TOKEN)
  --out DIR       where to write bom.json and audit.json (default: the current directory)
  --no-upload     only write the two files
  --version       print the version
  --help          show this help

Run it as root to run every check; as another user, checks of files it cannot read are SKIPPED.
CONSOLE_SCAN_ROOT=DIR audits the system tree under DIR (a mounted image) instead of /.
USAGE
}

die() { printf 'console-scan: %s\n' "$*" >&2; exit 1; }
usage_error() { printf 'console-scan: %s (see --help)\n' "$*" >&2; exit 2; }

SERVER='' TOKEN=${CONSOLE_SCAN_TOKEN:-} OUT=. UPLOAD=1
while [ $# -gt 0 ]; do
  case $1 in
    --server|--token|--out)
      [ $# -ge 2 ] || usage_error "$1 needs a value"
      case $1 in --server) SERVER=$2 ;; --token) TOKEN=$2 ;; *) OUT=$2 ;; esac
      shift 2 ;;
    --server=*) SERVER=${1#*=}; shift ;;
    --token=*) TOKEN=${1#*=}; shift ;;
    --out=*) OUT=${1#*=}; shift ;;
    --no-upload) UPLOAD=0; shift ;;
    --version) printf 'console-scan %s\n' "$SCAN_VERSION"; exit 0 ;;
    --help|-h) usage; exit 0 ;;
    *) usage_error "unknown option: $1" ;;
  esac
done

ROOT=${CONSOLE_SCAN_ROOT:-/}
[ -d "$ROOT" ] || usage_error "CONSOLE_SCAN_ROOT is not a directory: $ROOT"
SCAN_ROOT=${ROOT%/}
[ -n "$OUT" ] || usage_error '--out needs a directory'

UPLOADER=''
if [ $UPLOAD -eq 1 ]; then
  [ -n "$SERVER" ] || usage_error '--server URL is required (or --no-upload)'
  [ -n "$TOKEN" ] || usage_error '--token TOKEN is required (or CONSOLE_SCAN_TOKEN, or --no-upload)'
  case $SERVER in http://?*|https://?*) ;; *) usage_error "--server must be an http:// or https:// URL: $SERVER" ;; esac
  case $TOKEN in *[!A-Za-z0-9._~+/=-]*) usage_error 'the token holds characters no upload token has' ;; esac
  while :; do case $SERVER in */) SERVER=${SERVER%/} ;; *) break ;; esac; done
  case ${CONSOLE_SCAN_UPLOADER:-} in
    curl|wget) UPLOADER=$CONSOLE_SCAN_UPLOADER ;;
    '') if command -v curl >/dev/null 2>&1; then UPLOADER=curl; else UPLOADER=wget; fi ;;
    *) usage_error 'CONSOLE_SCAN_UPLOADER must be curl or wget' ;;
  esac
  command -v "$UPLOADER" >/dev/null 2>&1 || die "curl or wget is needed to upload (or use --no-upload)"
fi

mkdir -p "$OUT" 2>/dev/null || die "cannot create the output directory $OUT"
OUT=$(cd "$OUT" && pwd) || die "cannot enter the output directory"
TMP=$(mktemp -d "$OUT/.console-scan.XXXXXX" 2>/dev/null) || die "cannot write in $OUT"
trap 'rm -rf "$TMP"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# awk helpers: j() JSON string, enc() purl percent-encoding, cmp() and perm() rule checks.
AWK_LIB='
BEGIN { for (i = 1; i < 256; i++) ORD[sprintf("%c", i)] = i; for (i = 1; i < 32; i++) CTL[sprintf("%c", i)] = sprintf("\\u%04x", i) }
function j(s,   out, i, c, n) {
  if (s ~ /^[A-Za-z0-9 .,:;_+@=~()\/-]*$/) return "\"" s "\""
  out = ""; n = length(s)
  for (i = 1; i <= n; i++) {
    c = substr(s, i, 1)
    if (c == "\\") out = out "\\\\"; else if (c == "\"") out = out "\\\""; else if (c in CTL) out = out CTL[c]; else out = out c
  }
  return "\"" out "\""
}
function enc(s,   out, i, c, n) {
  out = ""; n = length(s)
  for (i = 1; i <= n; i++) { c = substr(s, i, 1); if (c ~ /[A-Za-z0-9._~:-]/) out = out c; else out = out sprintf("%%%02X", ORD[c]) }
  return out
}
function oct4(m) { while (length(m) < 4) m = "0" m; return m }
function extra(a, m,   i, da, dm, b) {
  a = oct4(a); m = oct4(m)
  for (i = 1; i <= 4; i++) {
    da = substr(a, i, 1) + 0; dm = substr(m, i, 1) + 0
    for (b = 4; b >= 1; b = b / 2) if (int(da / b) % 2 == 1 && int(dm / b) % 2 == 0) return 1
  }
  return 0
}
function alts(v, list,   n, a, i) { n = split(list, a, "|"); for (i = 1; i <= n; i++) if (v == a[i]) return 1; return 0 }
function or_list(s) { gsub(/\|/, " or ", s); return s }
function isnum(s) { return s ~ /^-?[0-9]+$/ }
function cmp(v, c,   op, arg, lv, a, n, i, k, items, weak, bad) {
  op = c; sub(/ .*/, "", op); arg = substr(c, length(op) + 2); lv = tolower(v)
  if (op == "=") return alts(lv, tolower(arg)) ? "" : "expected " or_list(arg)
  if (op == "!=") return lv == tolower(arg) ? "must not be " arg : ""
  if (op == "<=" || op == ">=" || op == "between") {
    if (!isnum(v)) return "expected a number"
    if (op == "<=") return v + 0 <= arg + 0 ? "" : "expected " arg " or less"
    if (op == ">=") return v + 0 >= arg + 0 ? "" : "expected " arg " or more"
    split(arg, a, " "); return (v + 0 >= a[1] + 0 && v + 0 <= a[2] + 0) ? "" : "expected " a[1] " to " a[2]
  }
  if (op == "excludes") {
    n = split(tolower(arg), a, ","); for (i = 1; i <= n; i++) weak[a[i]] = 1
    k = split(lv, items, ","); bad = ""
    for (i = 1; i <= k; i++) { gsub(/[ \t]/, "", items[i]); if (items[i] in weak) bad = bad ", " items[i] }
    return bad == "" ? "" : "weak: " substr(bad, 3)
  }
  if (op == "masks") {
    if (v !~ /^[0-7]+$/) return "expected an octal umask"
    return extra(arg, v) ? "expected " arg " or stricter" : ""
  }
  return "unknown check: " c
}
function perm(info, check,   f, t, n, i, arg, why) {
  split(info, f, " "); n = split(check, t, " "); why = ""
  for (i = 1; i <= n; i++) {
    if (t[i] ~ /^mode<=/) { arg = substr(t[i], 7); if (extra(f[1], arg)) why = why ", mode " oct4(f[1]) " is more open than " oct4(arg) }
    else if (t[i] ~ /^mode=/) { arg = substr(t[i], 6); if (oct4(f[1]) != oct4(arg)) why = why ", mode " oct4(f[1]) " is not " oct4(arg) }
    else if (t[i] ~ /^owner=/) { arg = substr(t[i], 7); if (!alts(f[2], arg)) why = why ", owner " f[2] " is not " or_list(arg) }
    else if (t[i] ~ /^group=/) { arg = substr(t[i], 7); if (!alts(f[3], arg)) why = why ", group " f[3] " is not " or_list(arg) }
  }
  return oct4(f[1]) " " f[2] ":" f[3] "\t" substr(why, 3)
}
'

json() { V=$1 awk "$AWK_LIB"' BEGIN { printf "%s", j(ENVIRON["V"]) }'; }
compare() { V=$1 C=$2 awk "$AWK_LIB"' BEGIN { printf "%s", cmp(ENVIRON["V"], ENVIRON["C"]) }'; }
rel() { printf '%s' "${1#"$SCAN_ROOT"}"; }

# --- The system: os-release, packages ---

OS_RELEASE=$SCAN_ROOT/etc/os-release
[ -r "$OS_RELEASE" ] || OS_RELEASE=$SCAN_ROOT/usr/lib/os-release
os_field() {
  [ -r "$OS_RELEASE" ] || return 0
  K=$1 awk -F= 'BEGIN { q = sprintf("%c", 39) }
    $1 == ENVIRON["K"] { v = substr($0, length($1) + 2); sub(/[ \t\r]+$/, "", v)
      if (v ~ /^".*"$/ || (substr(v, 1, 1) == q && substr(v, length(v)) == q)) v = substr(v, 2, length(v) - 2)
      print v; exit }' "$OS_RELEASE"
}
OS_ID=$(os_field ID)
OS_LIKE=$(os_field ID_LIKE)
OS_VERSION=$(os_field VERSION_ID)
OS_NAME=$(os_field NAME)
OS_PRETTY=$(os_field PRETTY_NAME)
[ -n "$OS_NAME" ] || OS_NAME=Linux
[ -n "$OS_PRETTY" ] || OS_PRETTY=$OS_NAME
# Rules name the OS families they were written for; another distribution of a known family
# (Rocky: ID_LIKE rhel) counts as that family, an unknown one runs every rule.
KNOWN_OS='@@KNOWN_OS@@'
OS_FAMILY=''
for id in $OS_ID $OS_LIKE; do
  case " $KNOWN_OS " in *" $id "*) OS_FAMILY=$id; break ;; esac
done

# One line per installed package: name, version, architecture, source package, license, epoch.
PKG_KIND=none
collect_packages() {
  if [ -r "$SCAN_ROOT/var/lib/dpkg/status" ]; then
    PKG_KIND=deb
    awk 'BEGIN { RS = "" }
      function val(s) { sub(/^[^:]*:[ \t]*/, "", s); sub(/[ \t\r]+$/, "", s); gsub(/\t/, " ", s); return s }
      { name = ver = arch = src = st = ""; n = split($0, l, "\n")
        for (i = 1; i <= n; i++) {
          if (l[i] ~ /^Package:/) name = val(l[i]); else if (l[i] ~ /^Status:/) st = val(l[i])
          else if (l[i] ~ /^Version:/) ver = val(l[i]); else if (l[i] ~ /^Architecture:/) arch = val(l[i])
          else if (l[i] ~ /^Source:/) { src = val(l[i]); sub(/ .*/, "", src) }
        }
        split(st, w, " ")
        if (name != "" && w[3] == "installed") printf "%s\t%s\t%s\t%s\t\t\n", name, ver, arch, src }' "$SCAN_ROOT/var/lib/dpkg/status"
  elif command -v rpm >/dev/null 2>&1 && { [ -d "$SCAN_ROOT/var/lib/rpm" ] || [ -d "$SCAN_ROOT/usr/lib/sysimage/rpm" ]; }; then
    PKG_KIND=rpm
    rpm --root "${SCAN_ROOT:-/}" -qa --qf '%{NAME}\t%{VERSION}-%{RELEASE}\t%{ARCH}\t%{SOURCERPM}\t%{LICENSE}\t%{EPOCH}\n' 2>/dev/null |
      awk 'BEGIN { FS = OFS = "\t" }
        function none(s) { return s == "(none)" ? "" : s }
        $1 != "" { src = none($4); sub(/-[^-]+-[^-]+\.src\.rpm$/, "", src); print $1, $2, none($3), src, none($5), none($6) }'
  else
    apkdb=$SCAN_ROOT/lib/apk/db/installed
    [ -r "$apkdb" ] || apkdb=$SCAN_ROOT/usr/lib/apk/db/installed
    [ -r "$apkdb" ] || return 0
    PKG_KIND=apk
    awk 'BEGIN { RS = "" }
      { name = ver = arch = lic = src = ""; n = split($0, l, "\n")
        for (i = 1; i <= n; i++) {
          k = substr(l[i], 1, 2); v = substr(l[i], 3); gsub(/\t/, " ", v)
          if (k == "P:") name = v; else if (k == "V:") ver = v; else if (k == "A:") arch = v; else if (k == "L:") lic = v; else if (k == "o:") src = v
        }
        if (name != "") printf "%s\t%s\t%s\t%s\t%s\t\n", name, ver, arch, src, lic }' "$apkdb"
  fi
}
collect_packages > "$TMP/packages.tsv"

case $PKG_KIND in
  deb) PURL_NS=${OS_ID:-debian} ;;
  rpm) case $OS_ID in ''|rhel) PURL_NS=redhat ;; *) PURL_NS=$OS_ID ;; esac ;;
  *) PURL_NS=${OS_ID:-alpine} ;;
esac
DISTRO=''
[ -z "$OS_ID" ] || [ -z "$OS_VERSION" ] || DISTRO=$OS_ID-$OS_VERSION

write_bom() {
  serial=$(cat /proc/sys/kernel/random/uuid 2>/dev/null)
  case $serial in *[!0-9a-f-]*|'') serial='' ;; esac
  printf '{"bomFormat":"CycloneDX","specVersion":"1.6",'
  [ -z "$serial" ] || printf '"serialNumber":"urn:uuid:%s",' "$serial"
  printf '"version":1,"metadata":{"timestamp":"%s",' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '"tools":{"components":[{"type":"application","name":"console-scan","version":%s}]},' "$(json "$SCAN_VERSION")"
  printf '"component":{"type":"operating-system","bom-ref":"os","name":%s' "$(json "$OS_NAME")"
  [ -z "$OS_VERSION" ] || printf ',"version":%s' "$(json "$OS_VERSION")"
  printf ',"description":%s}},"components":[' "$(json "$OS_PRETTY")"
  KIND=$PKG_KIND NS=$PURL_NS DISTRO=$DISTRO awk -F'\t' "$AWK_LIB"'
    BEGIN { kind = ENVIRON["KIND"]; ns = ENVIRON["NS"]; distro = ENVIRON["DISTRO"] }
    $1 != "" {
      name = $1; ver = $2; arch = $3; src = $4; lic = $5; epoch = $6
      q = ""
      if (arch != "") q = q "&arch=" enc(arch)
      if (distro != "") q = q "&distro=" enc(distro)
      if (epoch != "") q = q "&epoch=" enc(epoch)
      if (src != "" && src != name) q = q "&upstream=" enc(src)
      purl = "pkg:" kind "/" enc(ns) "/" enc(name) "@" enc(ver) (q == "" ? "" : "?" substr(q, 2))
      ref = purl; if (ref in seen) ref = ref "#" (++seen[purl]); else seen[ref] = 1
      printf "%s{\"type\":\"library\",\"bom-ref\":%s,\"name\":%s,\"version\":%s,\"purl\":%s", (c++ ? "," : ""), j(ref), j(name), j(epoch == "" ? ver : epoch ":" ver), j(purl)
      if (lic != "") printf ",\"licenses\":[{\"license\":{\"name\":%s}}]", j(lic)
      printf "}"
    }' "$TMP/packages.tsv"
  printf ']}\n'
}
write_bom > "$TMP/bom.json" || die "cannot write bom.json"

# --- The audit ---

pass() { STATUS=PASS; MESSAGE=$1; }
fail() { STATUS=FAIL; MESSAGE=$1; }
skip() { STATUS=SKIPPED; MESSAGE=$1; }
judge() { if [ -z "$2" ]; then pass "$1"; else fail "$1: $2"; fi; }

# Existing paths for space-separated paths or globs under the scan root, one per line in $TMP/paths.
expand() {
  : > "$TMP/paths"
  set -f
  for pattern in $1; do
    set +f
    for p in "$SCAN_ROOT"$pattern; do
      if [ -e "$p" ] || [ -L "$p" ]; then printf '%s\n' "$p" >> "$TMP/paths"; fi
    done
    set -f
  done
  set +f
}

sshd_default() {
  case $1 in
    # @@SSHD_DEFAULTS@@
  esac
}

# sshd_config and its Includes in the order sshd reads them, up to the first Match block
# (what follows a Match applies only to some connections). A subshell keeps variables local.
sshd_lines() (
  [ "$2" -le 8 ] || exit 0
  while IFS= read -r line || [ -n "$line" ]; do
    line=${line#"${line%%[![:blank:]]*}"}
    case $line in
      [Mm][Aa][Tt][Cc][Hh]|[Mm][Aa][Tt][Cc][Hh][[:blank:]=]*) exit 0 ;;
      [Ii][Nn][Cc][Ll][Uu][Dd][Ee][[:blank:]=]*)
        set -f
        for pattern in ${line#???????}; do
          pattern=${pattern#=}
          case $pattern in /*) ;; *) pattern=/etc/ssh/$pattern ;; esac
          set +f
          for f in "$SCAN_ROOT"$pattern; do [ -f "$f" ] && sshd_lines "$f" $(($2 + 1)); done
          set -f
        done
        set +f ;;
      *) printf '%s\n' "$line" ;;
    esac
  done < "$1"
)

SSHD_STATE='' SSHD_SOURCE=''
sshd_prepare() {
  [ -z "$SSHD_STATE" ] || return 0
  conf=$SCAN_ROOT/etc/ssh/sshd_config
  if [ ! -e "$SCAN_ROOT/usr/sbin/sshd" ] && [ ! -e "$conf" ]; then SSHD_STATE=absent; return 0; fi
  if [ -z "$SCAN_ROOT" ]; then
    bin=$(command -v sshd 2>/dev/null) || bin=/usr/sbin/sshd
    if [ -x "$bin" ] && "$bin" -T </dev/null >"$TMP/sshd.txt" 2>/dev/null && [ -s "$TMP/sshd.txt" ]; then
      SSHD_STATE=effective SSHD_SOURCE='sshd -T'; return 0
    fi
  fi
  if [ ! -r "$conf" ]; then SSHD_STATE=unreadable; return 0; fi
  sshd_lines "$conf" 0 | awk '{ sub(/\r$/, ""); sub(/[ \t]+$/, "") }
    $0 == "" || /^#/ { next }
    { k = $0; sub(/[ \t=].*/, "", k); v = substr($0, length(k) + 1); sub(/^[ \t]*=?[ \t]*/, "", v)
      if (v ~ /^".*"$/) v = substr(v, 2, length(v) - 2)
      k = tolower(k); if (!(k in seen)) { seen[k] = 1; print k " " v } }' > "$TMP/sshd.txt"
  SSHD_STATE=files SSHD_SOURCE=/etc/ssh/sshd_config
}
sshd_value() { K=$1 awk '$1 == ENVIRON["K"] { sub(/^[^ ]+ ?/, ""); print; found = 1; exit } END { exit !found }' "$TMP/sshd.txt"; }

t_sshd_config() {
  sshd_prepare
  case $SSHD_STATE in
    absent) skip 'the OpenSSH server (sshd) is not installed'; return ;;
    unreadable) skip 'cannot read /etc/ssh/sshd_config (run as root)'; return ;;
  esac
  if value=$(sshd_value "$1"); then src=$SSHD_SOURCE
  else value=$(sshd_default "$1"); src="OpenSSH default, not set in $SSHD_SOURCE"
  fi
  if [ "$SSHD_STATE" = files ]; then
    # "+list" appends to the default, "^list" puts it first, "-list" removes from it.
    case $value in
      +*) value="$(sshd_default "$1"),${value#+}" ;;
      ^*) value="${value#^},$(sshd_default "$1")" ;;
      -*) value=$(sshd_default "$1") ;;
    esac
  fi
  [ "$value" != without-password ] || value=prohibit-password
  judge "$1 $value ($src)" "$(compare "$value" "$2")"
}

t_sysctl() {
  file=/proc/sys/$(printf '%s' "$1" | tr . /)
  if [ ! -e "$SCAN_ROOT$file" ]; then skip "$1 does not exist on this kernel ($file)"; return; fi
  if [ ! -r "$SCAN_ROOT$file" ]; then skip "cannot read $file (run as root)"; return; fi
  value=$(awk '{ $1 = $1; printf "%s%s", (NR > 1 ? " " : ""), $0 }' "$SCAN_ROOT$file")
  judge "$1 = $value" "$(compare "$value" "$2")"
}

t_file_permissions() {
  expand "$1"
  if [ ! -s "$TMP/paths" ]; then skip "$1 does not exist"; return; fi
  seen='' why=''
  while IFS= read -r p; do
    if ! info=$(stat -L -c '%a %U %G' "$p" 2>/dev/null); then why="$why; $(rel "$p"): cannot read its mode"; continue; fi
    out=$(I=$info C=$2 awk "$AWK_LIB"' BEGIN { printf "%s", perm(ENVIRON["I"], ENVIRON["C"]) }')
    seen="$seen, $(rel "$p") ${out%%"$TAB"*}"
    reason=${out#*"$TAB"}
    [ -z "$reason" ] || why="$why; $(rel "$p") ${out%%"$TAB"*}: $reason"
  done < "$TMP/paths"
  if [ -z "$why" ]; then pass "${seen#, }"; else fail "${why#; }"; fi
}

t_file_content() {
  strategy=$1 target=$2 check=$3
  expand "$target"
  set --
  while IFS= read -r p; do
    [ -f "$p" ] || continue
    if [ ! -r "$p" ]; then skip "cannot read $(rel "$p") (run as root)"; return; fi
    set -- "$@" "$p"
  done < "$TMP/paths"
  if [ $# -eq 0 ]; then skip "$target does not exist"; return; fi
  case $strategy in
    present|absent)
      hit=$(C=$check R=$SCAN_ROOT awk '
        BEGIN { re = ENVIRON["C"]; ci = substr(re, 1, 4) == "(?i)"; if (ci) re = tolower(substr(re, 5)) }
        /^[ \t]*#/ { next }
        (ci ? tolower($0) : $0) ~ re { f = FILENAME; if (ENVIRON["R"] != "" && index(f, ENVIRON["R"]) == 1) f = substr(f, length(ENVIRON["R"]) + 1)
          print f ": " substr($0, 1, 200); exit }' "$@")
      if [ "$strategy" = present ]; then
        if [ -n "$hit" ]; then pass "$hit"; else fail "no line of $target matches the check"; fi
      else
        if [ -n "$hit" ]; then fail "$hit"; else pass "no line of $target matches the check"; fi
      fi ;;
    key_value)
      key=${check%% *}
      value=$(K=$key awk '/^[ \t]*#/ { next }
        { line = $0; sub(/^[ \t]+/, "", line); k = line; sub(/[ \t=].*/, "", k)
          if (k == ENVIRON["K"]) { v = substr(line, length(k) + 1); sub(/^[ \t]*=?[ \t]*/, "", v); sub(/[ \t\r]+$/, "", v); gsub(/"/, "", v); print "=" v; exit } }' "$@")
      if [ -z "$value" ]; then fail "$key is not set in $target"; return; fi
      value=${value#=}
      judge "$key $value ($target)" "$(compare "$value" "${check#* }")" ;;
    *) skip "unknown strategy $strategy" ;;
  esac
}

# The names (first field) of the lines of file $2 matching the awk condition $1, comma-separated
# (t_accounts sets skip_comments, which passes over blank and comment lines).
names_where() {
  awk -F: "$skip_comments$1"' { printf "%s%s", (n++ ? ", " : ""), $1 }' "$2"
}

t_accounts() {
  set -f
  for f in $2; do
    if [ ! -e "$SCAN_ROOT$f" ]; then set +f; skip "$f does not exist"; return; fi
    if [ ! -r "$SCAN_ROOT$f" ]; then set +f; skip "cannot read $f (run as root)"; return; fi
  done
  set +f
  passwd=$SCAN_ROOT/etc/passwd group=$SCAN_ROOT/etc/group
  skip_comments='/^[ \t]*(#|$)/ { next }
'
  # The conditions are awk code, quoted for awk: nothing in them is the shell's to expand.
  # shellcheck disable=SC2016
  case $1 in
    uid0_only_root) bad=$(names_where '$3 ~ /^0+$/ && $1 != "root"' "$passwd") ok='only root has UID 0' what='other accounts with UID 0' ;;
    gid0_only_root) bad=$(names_where '$4 ~ /^0+$/ && $1 !~ /^(root|sync|shutdown|halt|operator)$/' "$passwd") ok='only root has primary GID 0' what='other accounts with primary GID 0' ;;
    group_gid0_only_root) bad=$(names_where '$3 ~ /^0+$/ && $1 != "root"' "$group") ok='only the group root has GID 0' what='other groups with GID 0' ;;
    system_accounts_no_shell)
      umin=$(awk '$1 == "UID_MIN" && $2 ~ /^[0-9]+$/ { print $2; exit }' "$SCAN_ROOT/etc/login.defs" 2>/dev/null)
      shells=$SCAN_ROOT/etc/shells
      [ -r "$shells" ] || shells=''
      bad=$(UMIN=${umin:-1000} SHELLS=$shells awk -F: "$skip_comments"'
        FILENAME == ENVIRON["SHELLS"] { if ($0 !~ /nologin$/) valid[$0] = 1; has = 1; next }
        $1 !~ /^(root|sync|shutdown|halt|nfsnobody)$/ && ($3 + 0 < ENVIRON["UMIN"] + 0 || $3 + 0 == 65534) {
          sh = ($7 == "" ? "/bin/sh" : $7)
          if (has ? (sh in valid) : (sh !~ /(nologin|false)$/)) printf "%s%s (%s)", (n++ ? ", " : ""), $1, sh }' ${shells:+"$shells"} "$passwd")
      ok="no system account (UID below ${umin:-1000}) has a login shell" what='system accounts with a login shell' ;;
    no_empty_passwords) bad=$(names_where '$2 == ""' "$SCAN_ROOT/etc/shadow") ok='every account has a password or is locked' what='accounts with an empty password' ;;
    shadowed_passwords) bad=$(names_where '$2 != "x"' "$passwd") ok='every password is in /etc/shadow' what='accounts with a password field other than x' ;;
    groups_exist)
      bad=$(G=$group awk -F: "$skip_comments"'FILENAME == ENVIRON["G"] { gid[$3] = 1; next } !($4 in gid) { printf "%s%s (GID %s)", (n++ ? ", " : ""), $1, $4 }' "$group" "$passwd")
      ok='every primary group exists' what='accounts whose primary group is missing' ;;
    shadow_group_empty)
      bad=$(G=$group awk -F: "$skip_comments"'FILENAME == ENVIRON["G"] { if ($1 == "shadow") { sg = $3; if ($4 != "") { printf "members %s", $4; n++ } } next }
        sg != "" && $4 == sg { printf "%s%s", (n++ ? ", " : "primary group of "), $1 }' "$group" "$passwd")
      ok='the shadow group has no members' what='shadow group' ;;
    unique_uids|unique_gids|unique_user_names|unique_group_names)
      case $1 in
        unique_uids) file=$passwd col=3 label=UID ;;
        unique_gids) file=$group col=3 label=GID ;;
        unique_user_names) file=$passwd col=1 label='user name' ;;
        *) file=$group col=1 label='group name' ;;
      esac
      bad=$(COL=$col LABEL=$label awk -F: "$skip_comments"'{ k = $(ENVIRON["COL"]); count[k]++; names[k] = names[k] (count[k] > 1 ? ", " : "") $1; if (count[k] == 2) order[++n] = k }
        END { for (i = 1; i <= n; i++) printf "%s%s %s: %s", (i > 1 ? "; " : ""), ENVIRON["LABEL"], order[i], names[order[i]] }' "$file")
      ok="every $label is used once" what='duplicates' ;;
    *) skip "unknown strategy $1"; return ;;
  esac
  if [ -z "$bad" ]; then pass "$ok"; else fail "$what: $bad"; fi
}

# The init system the scanned tree boots with decides which "enabled" links count.
INIT=other
case $(readlink "$SCAN_ROOT/sbin/init" 2>/dev/null || readlink "$SCAN_ROOT/usr/sbin/init" 2>/dev/null) in *systemd*) INIT=systemd ;; esac
[ -n "$SCAN_ROOT" ] || [ ! -d /run/systemd/system ] || INIT=systemd

t_service() {
  list=$(printf '%s' "$2" | sed 's/ /, /g')
  case $1 in
    not_installed)
      if [ "$PKG_KIND" = none ]; then skip 'no package database (dpkg, rpm or apk) was found'; return; fi
      bad=$(T=$2 awk -F'\t' 'BEGIN { n = split(ENVIRON["T"], a, " "); for (i = 1; i <= n; i++) want[a[i]] = 1 }
        ($1 in want) { printf "%s%s %s", (c++ ? ", " : ""), $1, $2 }' "$TMP/packages.tsv")
      if [ -z "$bad" ]; then pass "not installed: $list"; else fail "installed: $bad"; fi ;;
    disabled)
      bad=''
      for unit in $2; do
        name=${unit%.*} hit='' native=''
        for dir in etc/systemd/system lib/systemd/system usr/lib/systemd/system; do
          [ ! -e "$SCAN_ROOT/$dir/$unit" ] || native=1
        done
        # Under systemd, rc.d links count only for services without a unit of their own
        # (systemd-sysv-generator); under another init, only rc.d and OpenRC links count.
        set --
        [ "$INIT" != systemd ] || set -- "$SCAN_ROOT"/etc/systemd/system/*.wants/"$unit"
        if [ "$INIT" != systemd ] || [ -z "$native" ]; then
          case $unit in *.service) set -- "$@" "$SCAN_ROOT"/etc/rc[2345].d/S[0-9][0-9]"$name" "$SCAN_ROOT"/etc/runlevels/*/"$name" ;; esac
        fi
        for link in "$@"; do
          if [ -e "$link" ] || [ -L "$link" ]; then hit="enabled ($(rel "$link"))"; break; fi
        done
        if [ -z "$hit" ] && [ -z "$SCAN_ROOT" ] && [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
          case $(systemctl is-enabled "$unit" 2>/dev/null </dev/null) in enabled|enabled-runtime|generated) hit='enabled' ;; esac
          if [ -z "$hit" ] && systemctl is-active --quiet "$unit" 2>/dev/null </dev/null; then hit='running'; fi
        fi
        [ -z "$hit" ] || bad="$bad, $unit is $hit"
      done
      if [ -z "$bad" ]; then pass "not enabled and not running: $list"; else fail "${bad#, }"; fi ;;
    *) skip "unknown strategy $1" ;;
  esac
}

t_mount() {
  if [ ! -r "$SCAN_ROOT/proc/mounts" ]; then skip 'cannot read /proc/mounts'; return; fi
  found=$(T=$2 awk '$2 == ENVIRON["T"] { t = $3; o = $4 } END { if (o != "") print t " " o }' "$SCAN_ROOT/proc/mounts")
  case $1 in
    separate_partition)
      if [ -n "$found" ]; then pass "$2 is a separate ${found%% *} file system (${found#* })"; else fail "$2 is not a separate file system"; fi ;;
    mount_option)
      if [ -z "$found" ]; then skip "$2 is not a separate file system (see the separate partition check)"; return; fi
      case ",${found#* }," in
        *",$3,"*) pass "$2 is mounted with $3 (${found#* })" ;;
        *) fail "$2 is mounted without $3 (${found#* })" ;;
      esac ;;
    *) skip "unknown strategy $1" ;;
  esac
}

t_command() {
  (eval "$2") </dev/null >"$TMP/command.out" 2>"$TMP/command.err"
  status=$?
  if [ -s "$TMP/command.out" ]; then
    count=$(awk 'END { print NR }' "$TMP/command.out")
    first=$(R=$SCAN_ROOT awk 'NR <= 5 { f = $0; if (ENVIRON["R"] != "" && index(f, ENVIRON["R"]) == 1) f = substr(f, length(ENVIRON["R"]) + 1); printf "%s%s", (NR > 1 ? ", " : ""), f }' "$TMP/command.out")
    [ "$count" -le 5 ] || first="$first, ..."
    fail "$count found in $1: $first"
  elif [ $status -ne 0 ]; then
    skip "the check could not run completely: $(R=$SCAN_ROOT awk 'NR == 1 { f = $0; if (ENVIRON["R"] != "") { i = index(f, ENVIRON["R"]); if (i > 0) f = substr(f, 1, i - 1) substr(f, i + length(ENVIRON["R"])) } print f; exit }' "$TMP/command.err")"
  else
    pass "none found in $1"
  fi
}

cat > "$TMP/rules.tsv" <<'CONSOLE_SCAN_RULES_TSV'
@@RULES_TSV@@
CONSOLE_SCAN_RULES_TSV
cat > "$TMP/rules.json" <<'CONSOLE_SCAN_RULES_JSON'
@@RULES_JSON@@
CONSOLE_SCAN_RULES_JSON

: > "$TMP/results.tsv"
while IFS=$TAB read -r id type strategy target check _ oses <&3; do
  STATUS=SKIPPED MESSAGE=''
  if [ -n "$OS_FAMILY" ] && case ",$oses," in *",$OS_FAMILY,"*) false ;; *) true ;; esac; then
    skip "does not apply to $OS_PRETTY (written for $(printf '%s' "$oses" | sed 's/,/, /g'))"
  else
    case $type in
      sshd_config) t_sshd_config "$target" "$check" ;;
      sysctl) t_sysctl "$target" "$check" ;;
      file_permissions) t_file_permissions "$target" "$check" ;;
      file_content) t_file_content "$strategy" "$target" "$check" ;;
      accounts) t_accounts "$strategy" "$target" ;;
      service) t_service "$strategy" "$target" ;;
      mount) t_mount "$strategy" "$target" "$check" ;;
      command) t_command "$target" "$check" ;;
      *) skip "this scanner has no test type $type" ;;
    esac
  fi
  printf '%s\t%s\t%s\n' "$id" "$STATUS" "$(printf '%s' "$MESSAGE" | tr '\t\r\n' '   ')" >> "$TMP/results.tsv"
done 3< "$TMP/rules.tsv"

write_audit() {
  printf '{"rules":'
  cat "$TMP/rules.json"
  printf ',"results":['
  awk -F'\t' "$AWK_LIB"'{ printf "%s{\"id\":%s,\"status\":%s,\"message\":%s}", (NR > 1 ? "," : ""), j($1), j($2), j($3) }' "$TMP/results.tsv"
  printf '],"profile_scores":{'
  # score: rules of the profile that PASS; max: rules of the profile that apply (not SKIPPED).
  awk -F'\t' "$AWK_LIB"'
    FNR == NR { status[$1] = $2; next }
    { n = split($6, p, ","); for (i = 1; i <= n; i++) { if (status[$1] != "SKIPPED") max[p[i]]++; if (status[$1] == "PASS") score[p[i]]++ } }
    END { k = split("@@PROFILES@@", names, " ")
      for (i = 1; i <= k; i++) printf "%s%s:{\"score\":%d,\"max\":%d}", (i > 1 ? "," : ""), j(names[i]), score[names[i]], max[names[i]] }' "$TMP/results.tsv" "$TMP/rules.tsv"
  printf '}}\n'
}
write_audit > "$TMP/audit.json" || die "cannot write audit.json"

{ mv -f "$TMP/bom.json" "$OUT/bom.json" && mv -f "$TMP/audit.json" "$OUT/audit.json"; } || die "cannot write in $OUT"
COMPONENTS=$(awk 'END { print NR }' "$TMP/packages.tsv")
SUMMARY=$(awk -F'\t' '{ n[$2]++ } END { printf "%d rules: %d passed, %d failed, %d skipped", NR, n["PASS"], n["FAIL"], n["SKIPPED"] }' "$TMP/results.tsv")
printf 'console-scan: wrote %s/bom.json (%s packages) and %s/audit.json (%s)\n' "$OUT" "$COMPONENTS" "$OUT" "$SUMMARY"
[ $UPLOAD -eq 1 ] || exit 0

# --- The upload: one multipart POST with both files ---

URL=$SERVER/api/v1/insights/cli/scan
if [ "$UPLOADER" = curl ]; then
  # The token goes in a header file, not on curl's command line where ps would show it.
  printf 'X-API-Key: %s\n' "$TOKEN" > "$TMP/headers"
  code=$(cd "$OUT" && curl -sS --connect-timeout 30 --max-time 600 -o "$TMP/response" -w '%{http_code}' -H "@$TMP/headers" \
    -F 'sbom=@bom.json;type=application/json' -F 'audit=@audit.json;type=application/json' "$URL") || code=000
else
  boundary="console-scan-$$-$(date +%s)"
  {
    printf '%s\r\nContent-Disposition: form-data; name="sbom"; filename="bom.json"\r\nContent-Type: application/json\r\n\r\n' "--$boundary"
    cat "$OUT/bom.json"
    printf '\r\n%s\r\nContent-Disposition: form-data; name="audit"; filename="audit.json"\r\nContent-Type: application/json\r\n\r\n' "--$boundary"
    cat "$OUT/audit.json"
    printf '\r\n%s\r\n' "--$boundary--"
  } > "$TMP/body"
  extra=''
  if wget --help 2>&1 | grep -q -- '--content-on-error'; then extra=--content-on-error; fi
  wget -q -S -O "$TMP/response" $extra -T 600 --header="X-API-Key: $TOKEN" \
    --header="Content-Type: multipart/form-data; boundary=$boundary" --post-file="$TMP/body" "$URL" 2>"$TMP/wget.log"
  code=$(awk '$1 ~ /^HTTP\// { c = $2 } END { print (c == "" ? "000" : c) }' "$TMP/wget.log")
fi
case $code in
  2??) printf 'console-scan: uploaded bom.json and audit.json to %s\n' "$SERVER"; exit 0 ;;
  000) die "upload failed: no answer from $URL" ;;
esac
detail=$(awk '{ buf = buf $0 " " }
  END { if (match(buf, /"detail"[ \t]*:[ \t]*"([^"\\]|\\.)*"/)) {
      s = substr(buf, RSTART, RLENGTH); sub(/^"detail"[ \t]*:[ \t]*"/, "", s); s = substr(s, 1, length(s) - 1)
      out = ""; n = length(s)
      for (i = 1; i <= n; i++) { c = substr(s, i, 1); if (c == "\\" && i < n) { i++; c = substr(s, i, 1); if (c == "n" || c == "t" || c == "r") c = " " } out = out c }
      print out } }' "$TMP/response" 2>/dev/null)
# GNU wget drops the body of a 401, so the status alone must explain it.
if [ -z "$detail" ]; then
  case $code in
    401) detail='the server refused the token (check --token)' ;;
    404) detail="no scan upload at $URL (check --server)" ;;
    413) detail='a file is larger than the server accepts' ;;
    *) detail='the server gave no reason' ;;
  esac
fi
die "upload failed (HTTP $code): $detail"
