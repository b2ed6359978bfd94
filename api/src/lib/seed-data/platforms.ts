/**
 * Demo platform families: what a real image of each ships (binary package → source package) and
 * the versions of those sources. Versions are real distribution versions of that release.
 */
export interface Family {
  key: string
  deviceType: 'linux' | 'rtos'
  platformName: string
  platformVersion: string
  ecosystem: string
  kernelVersions: string[]
  arches: string[]
  /** [binary name, source name]; the version comes from `sources`. */
  binaries: Array<[string, string]>
  sources: Record<string, string>
}

// Debian and Ubuntu share package names; each release maps them to its own versions.
const DEB_BINARIES: Array<[string, string]> = [
  ['adduser', 'adduser'], ['apt', 'apt'], ['base-files', 'base-files'], ['bash', 'bash'], ['bsdutils', 'util-linux'],
  ['ca-certificates', 'ca-certificates'], ['coreutils', 'coreutils'], ['cron', 'cron'], ['curl', 'curl'], ['dash', 'dash'],
  ['dbus', 'dbus'], ['debconf', 'debconf'], ['dpkg', 'dpkg'], ['e2fsprogs', 'e2fsprogs'], ['findutils', 'findutils'],
  ['gpgv', 'gnupg2'], ['gnupg', 'gnupg2'], ['grep', 'grep'], ['gzip', 'gzip'], ['hostname', 'hostname'], ['init-system-helpers', 'init-system-helpers'],
  ['iproute2', 'iproute2'], ['iptables', 'iptables'], ['kmod', 'kmod'], ['less', 'less'], ['libc-bin', 'glibc'], ['libc6', 'glibc'],
  ['libcurl4', 'curl'], ['libexpat1', 'expat'], ['libgnutls30', 'gnutls28'], ['liblzma5', 'xz-utils'], ['libncursesw6', 'ncurses'],
  ['libtinfo6', 'ncurses'], ['libpam-modules', 'pam'], ['libpam0g', 'pam'], ['libsqlite3-0', 'sqlite3'], ['libssl3', 'openssl'],
  ['libsystemd0', 'systemd'], ['libudev1', 'systemd'], ['libxml2', 'libxml2'], ['libzstd1', 'libzstd'], ['login', 'shadow'],
  ['logrotate', 'logrotate'], ['mount', 'util-linux'], ['nano', 'nano'], ['ncurses-base', 'ncurses'], ['netbase', 'netbase'],
  ['openssh-client', 'openssh'], ['openssh-server', 'openssh'], ['openssh-sftp-server', 'openssh'], ['openssl', 'openssl'],
  ['passwd', 'shadow'], ['perl-base', 'perl'], ['procps', 'procps'], ['python3', 'python3-defaults'], ['rsyslog', 'rsyslog'],
  ['sed', 'sed'], ['sudo', 'sudo'], ['systemd', 'systemd'], ['systemd-sysv', 'systemd'], ['tar', 'tar'], ['tzdata', 'tzdata'],
  ['util-linux', 'util-linux'], ['vim-tiny', 'vim'], ['wget', 'wget'], ['xz-utils', 'xz-utils'], ['zlib1g', 'zlib'],
  ['libgcrypt20', 'libgcrypt20'], ['libnghttp2-14', 'nghttp2'], ['libpcre2-8-0', 'pcre2'], ['libselinux1', 'libselinux'],
  ['libcap2', 'libcap2'], ['libkrb5-3', 'krb5'], ['libgssapi-krb5-2', 'krb5'], ['libssh2-1', 'libssh2'], ['libtasn1-6', 'libtasn1-6'],
  ['libidn2-0', 'libidn2'], ['libbz2-1.0', 'bzip2'], ['isc-dhcp-client', 'isc-dhcp'], ['libpolkit-gobject-1-0', 'policykit-1'],
  ['linux-image-generic', 'linux']
]

const DEBIAN_12: Record<string, string> = {
  adduser: '3.134', apt: '2.6.1', 'base-files': '12.4+deb12u5', bash: '5.2.15-2+b2', 'util-linux': '2.38.1-5+b1',
  'ca-certificates': '20230311', coreutils: '9.1-1', cron: '3.0pl1-162', curl: '7.88.1-10+deb12u5', dash: '0.5.12-2',
  dbus: '1.14.10-1~deb12u1', debconf: '1.5.82', dpkg: '1.21.22', e2fsprogs: '1.47.0-2', findutils: '4.9.0-4',
  gnupg2: '2.2.40-1.1', grep: '3.8-5', gzip: '1.12-1', hostname: '3.23+nmu1', 'init-system-helpers': '1.65.2',
  iproute2: '6.1.0-3', iptables: '1.8.9-2', kmod: '30+20221128-1', less: '590-2', glibc: '2.36-9+deb12u4',
  expat: '2.5.0-1', gnutls28: '3.7.9-2+deb12u2', 'xz-utils': '5.4.1-0.2', ncurses: '6.4-4', pam: '1.5.2-6+deb12u1',
  sqlite3: '3.40.1-2', openssl: '3.0.11-1~deb12u2', systemd: '252.22-1~deb12u1', libxml2: '2.9.14+dfsg-1.3~deb12u1',
  libzstd: '1.5.4+dfsg2-5', shadow: '1:4.13+dfsg1-1+b1', logrotate: '3.21.0-1', nano: '7.2-1', netbase: '6.4',
  openssh: '1:9.2p1-2+deb12u2', perl: '5.36.0-7+deb12u1', procps: '2:4.0.2-3', 'python3-defaults': '3.11.2-1+b1',
  rsyslog: '8.2302.0-1', sed: '4.9-1', sudo: '1.9.13p3-1+deb12u1', tar: '1.34+dfsg-1.2+deb12u1', tzdata: '2024a-0+deb12u1',
  vim: '2:9.0.1378-2', wget: '1.21.3-1+b2', zlib: '1:1.2.13.dfsg-1', libgcrypt20: '1.10.1-3', nghttp2: '1.52.0-1+deb12u1',
  pcre2: '10.42-1', libselinux: '3.4-1+b6', libcap2: '1:2.66-4', krb5: '1.20.1-2+deb12u1', libssh2: '1.10.0-3+b1',
  'libtasn1-6': '4.19.0-2', libidn2: '2.3.3-1+b1', bzip2: '1.0.8-5+b1', 'isc-dhcp': '4.4.3-P1-2', 'policykit-1': '122-3',
  linux: '6.1.76-1'
}

const DEBIAN_TESTING: Record<string, string> = {
  ...DEBIAN_12,
  'base-files': '13.1', bash: '5.2.21-2', curl: '8.6.0-3', glibc: '2.37-15', 'xz-utils': '5.6.1-1', openssl: '3.1.5-1',
  openssh: '1:9.6p1-5', systemd: '255.4-1', sudo: '1.9.15p5-3', linux: '6.6.15-2', libxml2: '2.9.14+dfsg-1.3+b2',
  zlib: '1:1.3.dfsg-3+b1', expat: '2.6.0-1', nghttp2: '1.59.0-1', sqlite3: '3.45.1-1', ncurses: '6.4+20240113-1'
}

const UBUNTU_2204: Record<string, string> = {
  ...DEBIAN_12,
  adduser: '3.118ubuntu5', apt: '2.4.12', 'base-files': '12ubuntu4.6', bash: '5.1-6ubuntu1.1', 'util-linux': '2.37.2-4ubuntu3.4',
  'ca-certificates': '20230311ubuntu0.22.04.1', coreutils: '8.32-4.1ubuntu1.2', cron: '3.0pl1-137ubuntu3', curl: '7.81.0-1ubuntu1.15',
  dbus: '1.12.20-2ubuntu4.1', dpkg: '1.21.1ubuntu2.3', e2fsprogs: '1.46.5-2ubuntu1.1', gnupg2: '2.2.27-3ubuntu2.1', grep: '3.7-1build1',
  gzip: '1.10-4ubuntu4.1', iproute2: '5.15.0-1ubuntu2', iptables: '1.8.7-1ubuntu5.2', kmod: '29-1ubuntu1', glibc: '2.35-0ubuntu3.6',
  expat: '2.4.7-1ubuntu0.3', gnutls28: '3.7.3-4ubuntu1.4', 'xz-utils': '5.2.5-2ubuntu1', ncurses: '6.3-2ubuntu0.1', pam: '1.4.0-11ubuntu2.4',
  sqlite3: '3.37.2-2ubuntu0.3', openssl: '3.0.2-0ubuntu1.15', systemd: '249.11-0ubuntu3.12', libxml2: '2.9.13+dfsg-1ubuntu0.4',
  libzstd: '1.4.8+dfsg-3build1', shadow: '1:4.8.1-2ubuntu2.2', openssh: '1:8.9p1-3ubuntu0.6', perl: '5.34.0-3ubuntu1.3',
  procps: '2:3.3.17-6ubuntu2.1', 'python3-defaults': '3.10.6-1~22.04', rsyslog: '8.2112.0-2ubuntu2.2', sudo: '1.9.9-1ubuntu2.4',
  tar: '1.34+dfsg-1ubuntu0.1.22.04.2', tzdata: '2024a-0ubuntu0.22.04', vim: '2:8.2.3995-1ubuntu2.16', wget: '1.21.2-2ubuntu1',
  zlib: '1:1.2.11.dfsg-2ubuntu9.2', nghttp2: '1.43.0-1ubuntu0.1', libssh2: '1.10.0-3', 'policykit-1': '0.105-33',
  linux: '5.15.0-101.111'
}

const UBUNTU_2004: Record<string, string> = {
  ...UBUNTU_2204,
  adduser: '3.118ubuntu2', apt: '2.0.10', 'base-files': '11ubuntu5.8', bash: '5.0-6ubuntu1.2', 'util-linux': '2.34-0.1ubuntu9.4',
  curl: '7.68.0-1ubuntu2.7', dpkg: '1.19.7ubuntu3', glibc: '2.31-0ubuntu9.2', expat: '2.2.9-1build1', 'xz-utils': '5.2.4-1ubuntu1',
  ncurses: '6.2-0ubuntu2', sqlite3: '3.31.1-4ubuntu0.2', openssl: '1.1.1f-1ubuntu2.8', systemd: '245.4-4ubuntu3.15',
  libxml2: '2.9.10+dfsg-5ubuntu0.20.04.1', shadow: '1:4.8.1-1ubuntu5.20.04.1', openssh: '1:8.2p1-4ubuntu0.3', sudo: '1.8.31-1ubuntu1',
  tar: '1.30+dfsg-7ubuntu0.20.04.1', zlib: '1:1.2.11.dfsg-2ubuntu1.2', gzip: '1.10-0ubuntu4', 'policykit-1': '0.105-26ubuntu1',
  nghttp2: '1.40.0-1build1', linux: '5.4.0-42.46', 'python3-defaults': '3.8.2-0ubuntu2', libzstd: '1.4.4+dfsg-3ubuntu0.1'
}

const RHEL_BINARIES: Array<[string, string]> = [
  ['bash', 'bash'], ['openssl', 'openssl'], ['openssl-libs', 'openssl'], ['glibc', 'glibc'], ['glibc-common', 'glibc'],
  ['glibc-minimal-langpack', 'glibc'], ['curl', 'curl'], ['libcurl', 'curl'], ['openssh', 'openssh'], ['openssh-server', 'openssh'],
  ['openssh-clients', 'openssh'], ['sudo', 'sudo'], ['systemd', 'systemd'], ['systemd-libs', 'systemd'], ['systemd-udev', 'systemd'],
  ['zlib', 'zlib'], ['xz', 'xz'], ['xz-libs', 'xz'], ['expat', 'expat'], ['libxml2', 'libxml2'], ['sqlite-libs', 'sqlite'],
  ['ncurses-base', 'ncurses'], ['ncurses-libs', 'ncurses'], ['polkit', 'polkit'], ['polkit-libs', 'polkit'], ['tar', 'tar'],
  ['kernel', 'kernel'], ['kernel-core', 'kernel'], ['kernel-modules', 'kernel'], ['python3', 'python3.9'], ['python3-libs', 'python3.9'],
  ['gnupg2', 'gnupg2'], ['dnf', 'dnf'], ['rpm', 'rpm'], ['rpm-libs', 'rpm'], ['coreutils', 'coreutils'], ['util-linux', 'util-linux'],
  ['shadow-utils', 'shadow-utils'], ['pam', 'pam'], ['krb5-libs', 'krb5'], ['libnghttp2', 'nghttp2'], ['libssh', 'libssh'],
  ['gzip', 'gzip'], ['procps-ng', 'procps-ng'], ['e2fsprogs', 'e2fsprogs'], ['audit', 'audit'], ['firewalld', 'firewalld'],
  ['NetworkManager', 'NetworkManager'], ['chrony', 'chrony'], ['rsyslog', 'rsyslog'], ['cronie', 'cronie'], ['libgcrypt', 'libgcrypt'],
  ['pcre2', 'pcre2'], ['libselinux', 'libselinux'], ['bzip2-libs', 'bzip2'], ['less', 'less'], ['vim-minimal', 'vim'], ['wget', 'wget'],
  ['ca-certificates', 'ca-certificates'], ['tzdata', 'tzdata'], ['iproute', 'iproute'], ['iptables-libs', 'iptables'], ['dbus', 'dbus']
]

const RHEL_9: Record<string, string> = {
  bash: '5.1.8-9.el9', openssl: '1:3.0.7-27.el9', glibc: '2.34-100.el9', curl: '7.76.1-29.el9', openssh: '8.7p1-38.el9',
  sudo: '1.9.5p2-10.el9', systemd: '252-32.el9', zlib: '1.2.11-40.el9', xz: '5.2.5-8.el9', expat: '2.5.0-2.el9',
  libxml2: '2.9.13-6.el9', sqlite: '3.34.1-7.el9', ncurses: '6.2-10.20210508.el9', polkit: '0.117-11.el9', tar: '2:1.34-6.el9',
  kernel: '5.14.0-427.13.1.el9_4', 'python3.9': '3.9.18-3.el9', gnupg2: '2.3.3-4.el9', dnf: '4.14.0-9.el9', rpm: '4.16.1.3-29.el9',
  coreutils: '8.32-35.el9', 'util-linux': '2.37.4-18.el9', 'shadow-utils': '2:4.9-8.el9', pam: '1.5.1-19.el9', krb5: '1.21.1-1.el9',
  nghttp2: '1.43.0-5.el9', libssh: '0.10.4-13.el9', gzip: '1.12-1.el9', 'procps-ng': '3.3.17-14.el9', e2fsprogs: '1.46.5-5.el9',
  audit: '3.1.2-2.el9', firewalld: '1.3.4-1.el9', NetworkManager: '1:1.46.0-4.el9', chrony: '4.5-1.el9', rsyslog: '8.2310.0-4.el9',
  cronie: '1.5.7-11.el9', libgcrypt: '1.10.0-10.el9', pcre2: '10.40-5.el9', libselinux: '3.6-1.el9', bzip2: '1.0.8-8.el9',
  less: '590-4.el9', vim: '2:8.2.2637-20.el9', wget: '1.21.1-7.el9', 'ca-certificates': '2023.2.60_v7.0.306-90.1.el9',
  tzdata: '2024a-1.el9', iproute: '6.2.0-5.el9', iptables: '1.8.10-2.el9', dbus: '1:1.12.20-8.el9'
}

const ALPINE_BINARIES: Array<[string, string]> = [
  ['busybox', 'busybox'], ['busybox-binsh', 'busybox'], ['ssl_client', 'busybox'], ['musl', 'musl'], ['musl-utils', 'musl'],
  ['libcrypto3', 'openssl'], ['libssl3', 'openssl'], ['zlib', 'zlib'], ['apk-tools', 'apk-tools'], ['alpine-baselayout', 'alpine-baselayout'],
  ['alpine-keys', 'alpine-keys'], ['ca-certificates-bundle', 'ca-certificates'], ['curl', 'curl'], ['libcurl', 'curl'],
  ['openssh', 'openssh'], ['openssh-server', 'openssh'], ['openssh-client-default', 'openssh'], ['scanelf', 'pax-utils'],
  ['libc-utils', 'libc-dev'], ['xz-libs', 'xz'], ['sqlite-libs', 'sqlite'], ['libexpat', 'expat'], ['libxml2', 'libxml2'],
  ['ncurses-libs', 'ncurses'], ['ncurses-terminfo-base', 'ncurses'], ['bash', 'bash'], ['sudo', 'sudo'], ['nghttp2-libs', 'nghttp2'],
  ['brotli-libs', 'brotli'], ['libidn2', 'libidn2'], ['c-ares', 'c-ares'], ['openvpn', 'openvpn'], ['wget', 'wget'],
  ['libwebp', 'libwebp'], ['nginx', 'nginx'], ['tzdata', 'tzdata']
]

const ALPINE_318: Record<string, string> = {
  busybox: '1.36.1-r5', musl: '1.2.4-r2', openssl: '3.1.4-r5', zlib: '1.2.13-r1', 'apk-tools': '2.14.0-r2', 'alpine-baselayout': '3.4.3-r1',
  'alpine-keys': '2.4-r1', 'ca-certificates': '20230506-r0', curl: '8.5.0-r0', openssh: '9.3_p2-r1', 'pax-utils': '1.3.7-r1',
  'libc-dev': '0.7.2-r5', xz: '5.4.3-r0', sqlite: '3.41.2-r2', expat: '2.5.0-r1', libxml2: '2.11.6-r0', ncurses: '6.4_p20230506-r0',
  bash: '5.2.15-r5', sudo: '1.9.13_p3-r2', nghttp2: '1.57.0-r0', brotli: '1.0.9-r14', libidn2: '2.3.4-r1', 'c-ares': '1.20.1-r0',
  openvpn: '2.6.5-r0', wget: '1.21.4-r0', libwebp: '1.3.0-r2', nginx: '1.24.0-r7', tzdata: '2024a-r0'
}

const YOCTO_BINARIES: Array<[string, string]> = [
  ['busybox', 'busybox'], ['busybox-syslog', 'busybox'], ['busybox-udhcpc', 'busybox'], ['glibc', 'glibc'], ['libc6', 'glibc'],
  ['openssl', 'openssl'], ['libssl3', 'openssl'], ['libcrypto3', 'openssl'], ['openssh', 'openssh'], ['openssh-sshd', 'openssh'],
  ['dropbear', 'dropbear'], ['zlib', 'zlib'], ['curl', 'curl'], ['libcurl4', 'curl'], ['systemd', 'systemd'], ['bash', 'bash'],
  ['util-linux', 'util-linux'], ['libxml2', 'libxml2'], ['sqlite3', 'sqlite3'], ['libexpat1', 'expat'], ['ncurses', 'ncurses'],
  ['xz', 'xz'], ['e2fsprogs', 'e2fsprogs'], ['shadow', 'shadow'], ['sudo', 'sudo'], ['dbus', 'dbus'], ['iptables', 'iptables'],
  ['iproute2', 'iproute2'], ['kmod', 'kmod'], ['libgcrypt', 'libgcrypt'], ['gnutls', 'gnutls'], ['wpa-supplicant', 'wpa-supplicant'],
  ['bluez5', 'bluez5'], ['mosquitto', 'mosquitto'], ['lighttpd', 'lighttpd'], ['u-boot-fw-utils', 'u-boot'], ['kernel-image', 'linux-yocto'],
  ['tzdata', 'tzdata'], ['ca-certificates', 'ca-certificates']
]

const YOCTO_4: Record<string, string> = {
  busybox: '1.35.0-r0', glibc: '2.35-r0', openssl: '3.0.13-r0', openssh: '8.9p1-r0', dropbear: '2022.82-r0', zlib: '1.2.11-r0',
  curl: '7.82.0-r0', systemd: '250.5-r0', bash: '5.1.16-r0', 'util-linux': '2.37.4-r0', libxml2: '2.9.14-r0', sqlite3: '3.38.5-r0',
  expat: '2.5.0-r0', ncurses: '6.3+20220423-r0', xz: '5.2.6-r0', e2fsprogs: '1.46.5-r0', shadow: '4.11.1-r0', sudo: '1.9.15p5-r0',
  dbus: '1.14.8-r0', iptables: '1.8.7-r0', iproute2: '5.17.0-r0', kmod: '29-r0', libgcrypt: '1.9.4-r0', gnutls: '3.7.4-r0',
  'wpa-supplicant': '2.10-r0', bluez5: '5.65-r0', mosquitto: '2.0.18-r0', lighttpd: '1.4.64-r0', 'u-boot': '2022.01-r0',
  'linux-yocto': '5.15.124+git0+4c2f5e9b0a-r0', tzdata: '2024a-r0', 'ca-certificates': '20211016-r0'
}

const rtos = (binaries: Array<[string, string]>): Array<[string, string]> => binaries

export const FAMILIES: Family[] = [
  { key: 'debian12', deviceType: 'linux', platformName: 'Debian GNU/Linux', platformVersion: '12 (bookworm)', ecosystem: 'Debian:12', kernelVersions: ['6.1.0-18-amd64', '6.1.0-21-amd64', '6.1.0-13-arm64'], arches: ['x86_64', 'x86_64', 'aarch64'], binaries: DEB_BINARIES, sources: DEBIAN_12 },
  { key: 'debian-testing', deviceType: 'linux', platformName: 'Debian GNU/Linux', platformVersion: 'trixie/sid', ecosystem: 'Debian:13', kernelVersions: ['6.6.15-amd64'], arches: ['x86_64'], binaries: DEB_BINARIES, sources: DEBIAN_TESTING },
  { key: 'ubuntu2204', deviceType: 'linux', platformName: 'Ubuntu', platformVersion: '22.04.4 LTS (Jammy Jellyfish)', ecosystem: 'Ubuntu:22.04:LTS', kernelVersions: ['5.15.0-101-generic', '5.15.0-94-generic', '6.5.0-26-generic'], arches: ['x86_64', 'x86_64', 'aarch64'], binaries: DEB_BINARIES, sources: UBUNTU_2204 },
  { key: 'ubuntu2004', deviceType: 'linux', platformName: 'Ubuntu', platformVersion: '20.04.1 LTS (Focal Fossa)', ecosystem: 'Ubuntu:20.04:LTS', kernelVersions: ['5.4.0-42-generic', '5.4.0-26-generic'], arches: ['x86_64'], binaries: DEB_BINARIES, sources: UBUNTU_2004 },
  { key: 'rhel9', deviceType: 'linux', platformName: 'Red Hat Enterprise Linux', platformVersion: '9.4 (Plow)', ecosystem: 'Red Hat:9', kernelVersions: ['5.14.0-427.13.1.el9_4.x86_64', '5.14.0-362.8.1.el9_3.x86_64'], arches: ['x86_64'], binaries: RHEL_BINARIES, sources: RHEL_9 },
  { key: 'alpine318', deviceType: 'linux', platformName: 'Alpine Linux', platformVersion: '3.18.6', ecosystem: 'Alpine:v3.18', kernelVersions: ['6.1.79-0-lts', '6.1.79-0-virt'], arches: ['x86_64', 'aarch64'], binaries: ALPINE_BINARIES, sources: ALPINE_318 },
  { key: 'yocto4', deviceType: 'linux', platformName: 'Poky (Yocto Project Reference Distro)', platformVersion: '4.0.17 (kirkstone)', ecosystem: 'Yocto:4.0', kernelVersions: ['5.15.124-yocto-standard'], arches: ['aarch64', 'armv7l'], binaries: YOCTO_BINARIES, sources: YOCTO_4 },
  { key: 'zephyr', deviceType: 'rtos', platformName: 'Zephyr', platformVersion: '3.5.0', ecosystem: 'Zephyr', kernelVersions: ['zephyr-v3.5.0'], arches: ['cortex-m4', 'cortex-m33'], binaries: rtos([['zephyr', 'zephyr'], ['mbedtls', 'mbedtls'], ['mcuboot', 'mcuboot'], ['tinycrypt', 'tinycrypt'], ['hal_nordic', 'hal_nordic'], ['littlefs', 'littlefs'], ['lvgl', 'lvgl']]), sources: { zephyr: '3.5.0', mbedtls: '3.4.0', mcuboot: '1.10.0', tinycrypt: '0.2.8', hal_nordic: '3.1.0', littlefs: '2.5.1', lvgl: '8.3.7' } },
  { key: 'freertos', deviceType: 'rtos', platformName: 'FreeRTOS', platformVersion: '10.4.1', ecosystem: 'FreeRTOS', kernelVersions: ['FreeRTOS Kernel V10.4.1'], arches: ['cortex-m4', 'cortex-m33'], binaries: rtos([['freertos-kernel', 'freertos-kernel'], ['freertos-plus-tcp', 'freertos-plus-tcp'], ['coremqtt', 'coremqtt'], ['corehttp', 'corehttp'], ['mbedtls', 'mbedtls'], ['lwip', 'lwip'], ['corejson', 'corejson']]), sources: { 'freertos-kernel': '10.4.1', 'freertos-plus-tcp': '2.0.7', coremqtt: '1.1.0', corehttp: '2.0.0', mbedtls: '2.16.9', lwip: '2.1.2', corejson: '3.0.0' } },
  { key: 'threadx', deviceType: 'rtos', platformName: 'Eclipse ThreadX', platformVersion: '6.2.1', ecosystem: 'ThreadX', kernelVersions: ['ThreadX 6.2.1'], arches: ['cortex-m4', 'riscv32'], binaries: rtos([['threadx', 'threadx'], ['netxduo', 'netxduo'], ['filex', 'filex'], ['usbx', 'usbx'], ['levelx', 'levelx'], ['guix', 'guix']]), sources: { threadx: '6.2.1', netxduo: '6.2.1', filex: '6.2.1', usbx: '6.2.1', levelx: '6.2.1', guix: '6.2.1' } },
  { key: 'nuttx', deviceType: 'rtos', platformName: 'Apache NuttX', platformVersion: '10.0.0', ecosystem: 'NuttX', kernelVersions: ['NuttX 10.0.0 a1b2c3d'], arches: ['cortex-m4', 'riscv32'], binaries: rtos([['nuttx', 'nuttx'], ['nuttx-apps', 'nuttx-apps'], ['mbedtls', 'mbedtls'], ['libcoap', 'libcoap'], ['littlefs', 'littlefs']]), sources: { nuttx: '10.0.0', 'nuttx-apps': '10.0.0', mbedtls: '2.16.6', libcoap: '4.3.0', littlefs: '2.4.1' } }
]
