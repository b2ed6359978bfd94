/**
 * Real CVEs with their NVD CVSS v3.x base scores and short descriptions, used by the demo seed.
 * `sources` are the source packages (OSV naming) a CVE applies to; `families` limits it to the
 * platform families whose shipped versions were affected (all families carrying the source when
 * omitted).
 */
export interface CveSeed {
  id: string
  score: number
  sources: string[]
  families?: string[]
  description: string
}

export const CVES: CveSeed[] = [
  // OpenSSH
  {
    id: 'CVE-2024-6387',
    score: 8.1,
    sources: ['openssh'],
    families: ['debian12', 'ubuntu2204', 'rhel9', 'alpine318', 'yocto4'],
    description:
      'regreSSHion: a signal handler race condition in OpenSSH sshd (8.5p1 to 9.7p1) allows unauthenticated remote code execution as root on glibc-based Linux systems.'
  },
  {
    id: 'CVE-2023-38408',
    score: 9.8,
    sources: ['openssh'],
    description:
      'The PKCS#11 feature in ssh-agent in OpenSSH before 9.3p2 has an insufficiently trustworthy search path, leading to remote code execution if an agent is forwarded to an attacker-controlled system.'
  },
  {
    id: 'CVE-2023-48795',
    score: 5.9,
    sources: ['openssh', 'libssh', 'libssh2', 'dropbear'],
    description:
      'Terrapin: the SSH transport protocol with certain OpenSSH extensions allows remote attackers to bypass integrity checks so that some packets are omitted from the extension negotiation message.'
  },
  {
    id: 'CVE-2023-51385',
    score: 6.5,
    sources: ['openssh'],
    description:
      'In ssh in OpenSSH before 9.6, OS command injection might occur if a user name or host name has shell metacharacters and this name is referenced by an expansion token in certain situations.'
  },
  {
    id: 'CVE-2021-41617',
    score: 7.0,
    sources: ['openssh'],
    families: ['ubuntu2004'],
    description:
      'sshd in OpenSSH 6.2 through 8.x before 8.8, when certain non-default configurations are used, allows privilege escalation because supplemental groups are not initialized as expected.'
  },
  // OpenSSL
  {
    id: 'CVE-2022-0778',
    score: 7.5,
    sources: ['openssl'],
    families: ['ubuntu2004'],
    description:
      'The BN_mod_sqrt() function in OpenSSL can loop forever for non-prime moduli, allowing a denial of service when parsing certificates with explicit elliptic curve parameters.'
  },
  {
    id: 'CVE-2021-3711',
    score: 9.8,
    sources: ['openssl'],
    families: ['ubuntu2004'],
    description:
      'A buffer overflow in OpenSSL SM2 decryption allows an attacker who can present SM2 content for decryption to change application behaviour or crash it.'
  },
  {
    id: 'CVE-2022-1292',
    score: 9.8,
    sources: ['openssl'],
    families: ['ubuntu2004'],
    description:
      'The c_rehash script in OpenSSL does not properly sanitise shell metacharacters, allowing command injection with the privileges of the script.'
  },
  {
    id: 'CVE-2022-2068',
    score: 9.8,
    sources: ['openssl'],
    families: ['ubuntu2004'],
    description:
      'Further command injection in the OpenSSL c_rehash script, where file names are passed to a shell without sanitisation.'
  },
  {
    id: 'CVE-2022-3602',
    score: 7.5,
    sources: ['openssl'],
    families: ['ubuntu2204', 'rhel9'],
    description:
      'A buffer overrun in X.509 certificate verification (name constraint checking of punycode addresses) in OpenSSL 3.0.0 to 3.0.6 can crash the process or potentially allow code execution.'
  },
  {
    id: 'CVE-2023-0286',
    score: 7.4,
    sources: ['openssl'],
    description:
      'A type confusion in OpenSSL X.400 address processing inside an X.509 GeneralName may allow an attacker to read memory contents or cause a denial of service.'
  },
  {
    id: 'CVE-2023-0464',
    score: 7.5,
    sources: ['openssl'],
    description:
      'Excessive resource use verifying X.509 policy constraints in OpenSSL: a malicious certificate chain can trigger exponential computation and a denial of service.'
  },
  {
    id: 'CVE-2023-2650',
    score: 6.5,
    sources: ['openssl'],
    description:
      'Processing some specially crafted ASN.1 object identifiers with OBJ_obj2txt() in OpenSSL may be very slow, causing a denial of service.'
  },
  {
    id: 'CVE-2024-5535',
    score: 9.1,
    sources: ['openssl'],
    description:
      'Calling the OpenSSL API function SSL_select_next_proto with an empty supported client protocols buffer may crash or send memory contents to the peer.'
  },
  {
    id: 'CVE-2023-5678',
    score: 5.3,
    sources: ['openssl'],
    description:
      'Generating or checking excessively long X9.42 DH keys or parameters in OpenSSL may be very slow, causing a denial of service.'
  },
  {
    id: 'CVE-2024-0727',
    score: 5.5,
    sources: ['openssl'],
    description: 'Processing a maliciously formatted PKCS12 file may lead OpenSSL to crash with a NULL pointer dereference.'
  },
  // curl
  {
    id: 'CVE-2023-38545',
    score: 9.8,
    sources: ['curl'],
    families: ['debian12', 'ubuntu2204', 'alpine318', 'yocto4', 'debian-testing'],
    description:
      'A heap based buffer overflow in the SOCKS5 proxy handshake of curl and libcurl 7.69.0 to 8.3.0 when the host name is longer than 255 bytes and a slow handshake is involved.'
  },
  {
    id: 'CVE-2023-38546',
    score: 3.7,
    sources: ['curl'],
    description:
      'Cookie injection with none file: libcurl could load cookies from a file named "none" when duplicating easy handles.'
  },
  {
    id: 'CVE-2023-27533',
    score: 8.8,
    sources: ['curl'],
    description:
      'An input validation flaw in curl TELNET option negotiation allows an attacker to send user name and telnet options content not as intended.'
  },
  {
    id: 'CVE-2022-32221',
    score: 9.8,
    sources: ['curl'],
    families: ['ubuntu2004', 'ubuntu2204', 'rhel9'],
    description:
      'When doing HTTP(S) transfers, libcurl might erroneously use the read callback to ask for data to send after a previous PUT on the same handle had been used with POST.'
  },
  {
    id: 'CVE-2023-23914',
    score: 9.1,
    sources: ['curl'],
    description:
      'A cleartext transmission flaw in curl: HSTS settings could be ignored for transfers done in parallel with the same easy handle.'
  },
  {
    id: 'CVE-2024-2398',
    score: 8.6,
    sources: ['curl'],
    description:
      "When an HTTP/2 server pushes too many headers, libcurl leaks memory (the pushed stream's header buffer is not freed)."
  },
  {
    id: 'CVE-2024-6197',
    score: 7.5,
    sources: ['curl'],
    families: ['debian-testing'],
    description:
      'The libcurl ASN.1 parser could free a stack buffer in utf8asn1str(), leading to a crash when processing crafted certificates.'
  },
  // glibc / sudo / polkit / kernel privilege escalations
  {
    id: 'CVE-2023-4911',
    score: 7.8,
    sources: ['glibc'],
    families: ['debian12', 'ubuntu2204', 'rhel9', 'yocto4'],
    description:
      'Looney Tunables: a buffer overflow in the GNU C Library dynamic loader processing the GLIBC_TUNABLES environment variable allows a local attacker to execute code with elevated privileges via SUID binaries.'
  },
  {
    id: 'CVE-2023-6246',
    score: 7.8,
    sources: ['glibc'],
    families: ['debian12', 'rhel9', 'debian-testing'],
    description:
      'A heap-based buffer overflow in the __vsyslog_internal function of glibc allows a local privilege escalation through crafted syslog calls.'
  },
  {
    id: 'CVE-2022-23218',
    score: 9.8,
    sources: ['glibc'],
    families: ['ubuntu2004'],
    description:
      'The deprecated svcunix_create function in the sunrpc module of glibc copies its path argument on the stack without validating its length, which may cause a buffer overflow.'
  },
  {
    id: 'CVE-2021-3999',
    score: 7.8,
    sources: ['glibc'],
    families: ['ubuntu2004'],
    description: 'An off-by-one buffer overflow and underflow in getcwd() in glibc may lead to privilege escalation.'
  },
  {
    id: 'CVE-2021-3156',
    score: 7.8,
    sources: ['sudo'],
    families: ['ubuntu2004'],
    description:
      'Baron Samedit: sudo before 1.9.5p2 contains an off-by-one error that can result in a heap-based buffer overflow, allowing privilege escalation to root via "sudoedit -s".'
  },
  {
    id: 'CVE-2023-22809',
    score: 7.8,
    sources: ['sudo'],
    families: ['ubuntu2004', 'ubuntu2204', 'rhel9'],
    description:
      'In sudo before 1.9.12p2, the sudoedit feature mishandles extra arguments passed in user-provided environment variables, allowing a local attacker to append arbitrary entries to the list of files to process.'
  },
  {
    id: 'CVE-2021-4034',
    score: 7.8,
    sources: ['policykit-1', 'polkit'],
    families: ['ubuntu2004'],
    description:
      "PwnKit: a local privilege escalation in polkit's pkexec utility, which does not handle the calling parameters count correctly and executes environment variables as commands."
  },
  {
    id: 'CVE-2022-0847',
    score: 7.8,
    sources: ['linux', 'linux-yocto'],
    families: ['ubuntu2004', 'yocto4'],
    description:
      'Dirty Pipe: a flaw in the Linux kernel pipe buffer flags initialisation allows an unprivileged local user to write to pages in the page cache backed by read-only files.'
  },
  {
    id: 'CVE-2024-1086',
    score: 7.8,
    sources: ['linux', 'kernel', 'linux-yocto'],
    description:
      'A use-after-free in the Linux kernel netfilter nf_tables component can be exploited to achieve local privilege escalation.'
  },
  {
    id: 'CVE-2023-0386',
    score: 7.8,
    sources: ['linux', 'kernel'],
    families: ['ubuntu2204', 'rhel9'],
    description:
      'A flaw in the Linux kernel OverlayFS subsystem lets a local user escalate privileges by copying a capable file from a nosuid mount into another mount.'
  },
  {
    id: 'CVE-2022-2588',
    score: 7.8,
    sources: ['linux', 'linux-yocto'],
    families: ['ubuntu2004', 'yocto4'],
    description:
      'A use-after-free in the Linux kernel route4 classifier (cls_route) allows a local user to crash the system or escalate privileges.'
  },
  // compression, parsers, libraries
  {
    id: 'CVE-2024-3094',
    score: 10.0,
    sources: ['xz-utils', 'xz'],
    families: ['debian-testing'],
    description:
      'Malicious code was discovered in the upstream tarballs of xz 5.6.0 and 5.6.1; the liblzma build process extracts a prebuilt object that modifies functions used by sshd, enabling a backdoor.'
  },
  {
    id: 'CVE-2022-1271',
    score: 8.8,
    sources: ['gzip', 'xz-utils', 'xz'],
    families: ['ubuntu2004'],
    description:
      'An arbitrary file write vulnerability in zgrep/xzgrep when processing crafted file names allows overwriting files with attacker-controlled content.'
  },
  {
    id: 'CVE-2022-37434',
    score: 9.8,
    sources: ['zlib'],
    families: ['ubuntu2004', 'ubuntu2204', 'rhel9', 'yocto4'],
    description:
      'zlib through 1.2.12 has a heap-based buffer over-read or overflow in inflate via a large gzip header extra field.'
  },
  {
    id: 'CVE-2018-25032',
    score: 7.5,
    sources: ['zlib'],
    families: ['ubuntu2004'],
    description: 'zlib before 1.2.12 allows memory corruption when deflating if the input has many distant matches.'
  },
  {
    id: 'CVE-2023-45853',
    score: 9.8,
    sources: ['zlib'],
    description:
      'MiniZip in zlib through 1.3 has an integer overflow and resultant heap-based buffer overflow in zipOpenNewFileInZip4_64 via a long file name, comment, or extra field.'
  },
  {
    id: 'CVE-2022-40674',
    score: 8.1,
    sources: ['expat'],
    families: ['ubuntu2004', 'ubuntu2204', 'yocto4'],
    description: 'libexpat before 2.4.9 has a use-after-free in the doContent function in xmlparse.c.'
  },
  {
    id: 'CVE-2024-45490',
    score: 9.8,
    sources: ['expat'],
    description: 'An issue in libexpat before 2.6.3: xmlparse.c does not reject a negative length for XML_ParseBuffer.'
  },
  {
    id: 'CVE-2022-40303',
    score: 7.5,
    sources: ['libxml2'],
    families: ['ubuntu2004', 'ubuntu2204', 'rhel9'],
    description:
      'An integer overflow in libxml2 when parsing multi-gigabyte XML documents with XML_PARSE_HUGE can lead to a crash or other undefined behaviour.'
  },
  {
    id: 'CVE-2022-40304',
    score: 7.8,
    sources: ['libxml2'],
    families: ['ubuntu2004', 'ubuntu2204', 'rhel9', 'debian12'],
    description:
      'A dict corruption in libxml2 caused by an entity reference cycle can lead to memory safety issues such as a double free.'
  },
  {
    id: 'CVE-2023-39615',
    score: 6.5,
    sources: ['libxml2'],
    description: 'libxml2 2.11.0 has an out-of-bounds read in xmlSAX2StartElement when parsing crafted XML with the SAX handler.'
  },
  {
    id: 'CVE-2023-7104',
    score: 7.3,
    sources: ['sqlite3', 'sqlite'],
    description: 'A heap-based buffer overflow in the sessionReadRecord function of the SQLite session extension.'
  },
  {
    id: 'CVE-2022-35737',
    score: 7.5,
    sources: ['sqlite3', 'sqlite'],
    families: ['ubuntu2004', 'rhel9'],
    description:
      'SQLite 1.0.12 through 3.39.x before 3.39.2 sometimes allows an array-bounds overflow if billions of bytes are used in a string argument to a C API.'
  },
  {
    id: 'CVE-2023-29491',
    score: 7.8,
    sources: ['ncurses'],
    description:
      'ncurses before 6.4 20230408, when used by a setuid application, allows local users to trigger memory corruption via malformed data in a terminfo database file.'
  },
  {
    id: 'CVE-2022-29458',
    score: 7.1,
    sources: ['ncurses'],
    families: ['ubuntu2004', 'ubuntu2204', 'rhel9'],
    description:
      'ncurses 6.3 before patch 20220416 has an out-of-bounds read and segmentation violation in convert_strings in tinfo/read_entry.c.'
  },
  {
    id: 'CVE-2023-44487',
    score: 7.5,
    sources: ['nghttp2', 'nginx'],
    description:
      'HTTP/2 Rapid Reset: the HTTP/2 protocol allows a denial of service because request cancellation can reset many streams quickly.'
  },
  {
    id: 'CVE-2024-28182',
    score: 5.3,
    sources: ['nghttp2'],
    description:
      'nghttp2 keeps reading an unbounded number of HTTP/2 CONTINUATION frames even after a stream is reset, allowing a denial of service.'
  },
  {
    id: 'CVE-2022-4899',
    score: 7.5,
    sources: ['libzstd', 'zstd'],
    description:
      'A vulnerability in zstd v1.4.10 where an attacker can supply an empty string as an argument to the command line tool to cause a buffer overrun.'
  },
  {
    id: 'CVE-2022-48303',
    score: 5.5,
    sources: ['tar'],
    description:
      'GNU Tar through 1.34 has a one-byte out-of-bounds read that results in use of uninitialised memory for a conditional jump when processing V7 archives.'
  },
  {
    id: 'CVE-2022-34903',
    score: 6.5,
    sources: ['gnupg2'],
    description:
      'GnuPG through 2.3.6, in unusual situations where an attacker possesses a public key with a crafted signature, allows signature spoofing via arbitrary injection into the status line.'
  },
  {
    id: 'CVE-2023-29383',
    score: 3.3,
    sources: ['shadow'],
    description: 'In Shadow 4.13 it is possible to inject control characters into fields provided to the SUID program chfn.'
  },
  {
    id: 'CVE-2023-4641',
    score: 5.5,
    sources: ['shadow'],
    description:
      'A flaw in shadow-utils: when asking for a new password, the buffer holding the old password is not cleaned up, so the password may remain in memory.'
  },
  {
    id: 'CVE-2023-26604',
    score: 7.8,
    sources: ['systemd'],
    families: ['ubuntu2004'],
    description:
      'systemd before 247 does not block privilege escalation for some sudo configurations: "systemctl status" may run less as root, which can spawn a shell.'
  },
  {
    id: 'CVE-2022-3821',
    score: 5.5,
    sources: ['systemd'],
    description:
      'An off-by-one error in the format_timespan() function of systemd allows a denial of service via an out-of-bounds read.'
  },
  {
    id: 'CVE-2022-4415',
    score: 5.5,
    sources: ['systemd'],
    families: ['ubuntu2204', 'rhel9', 'yocto4'],
    description:
      'systemd-coredump does not respect the fs.suid_dumpable kernel setting, so core dumps of SUID processes may expose sensitive data.'
  },
  {
    id: 'CVE-2023-4016',
    score: 2.5,
    sources: ['procps'],
    description:
      'Under some circumstances the ps utility in procps-ng may write past the end of an allocated buffer when processing command line arguments.'
  },
  {
    id: 'CVE-2024-10524',
    score: 6.5,
    sources: ['wget'],
    description:
      'Applications that use Wget to access a remote resource using shorthand URLs and pass arbitrary user credentials in the URL are vulnerable: an attacker can redirect the request to an arbitrary host (SSRF).'
  },
  {
    id: 'CVE-2022-48174',
    score: 9.8,
    sources: ['busybox'],
    description: 'A stack overflow in BusyBox ash (shell/ash.c) may lead to arbitrary code execution.'
  },
  {
    id: 'CVE-2022-28391',
    score: 9.8,
    sources: ['busybox'],
    families: ['yocto4'],
    description:
      "BusyBox through 1.35.0 allows remote attackers to execute arbitrary code if netstat is used to print a DNS PTR record's value to a VT compatible terminal."
  },
  {
    id: 'CVE-2021-42386',
    score: 7.2,
    sources: ['busybox'],
    families: ['yocto4'],
    description:
      'A use-after-free in BusyBox awk applet leads to denial of service and possibly code execution when processing a crafted awk pattern in the nvalloc function.'
  },
  {
    id: 'CVE-2025-26519',
    score: 8.1,
    sources: ['musl'],
    description:
      'musl libc 0.9.13 through 1.2.5 before 1.2.6 has an out-of-bounds write when iconv converts from EUC-KR to UTF-8 with crafted input.'
  },
  {
    id: 'CVE-2023-46850',
    score: 9.8,
    sources: ['openvpn'],
    description:
      'A use-after-free in OpenVPN 2.6.0 to 2.6.6 may lead to undefined behaviour, leaking memory buffers or remote execution when sending network buffers to a remote peer.'
  },
  {
    id: 'CVE-2023-4863',
    score: 8.8,
    sources: ['libwebp'],
    description:
      'A heap buffer overflow in libwebp allows a remote attacker to perform an out of bounds memory write via a crafted WebP image.'
  },
  {
    id: 'CVE-2023-3446',
    score: 5.3,
    sources: ['openssl'],
    families: ['alpine318', 'yocto4'],
    description: 'Checking excessively long DH keys or parameters with OpenSSL may be very slow, causing a denial of service.'
  },
  {
    id: 'CVE-2024-2961',
    score: 7.3,
    sources: ['glibc'],
    families: ['debian12', 'ubuntu2204', 'rhel9'],
    description:
      'The iconv() function in glibc may overflow the output buffer by up to 4 bytes when converting strings to the ISO-2022-CN-EXT character set.'
  },
  // RTOS components
  {
    id: 'CVE-2021-31571',
    score: 9.8,
    sources: ['freertos-kernel'],
    description: 'The kernel in Amazon FreeRTOS before 10.4.3 has an integer overflow in queue.c for queue creation (BadAlloc).'
  },
  {
    id: 'CVE-2021-31572',
    score: 9.8,
    sources: ['freertos-kernel'],
    description:
      'The kernel in Amazon FreeRTOS before 10.4.3 has an integer overflow in stream_buffer.c for a stream buffer (BadAlloc).'
  },
  {
    id: 'CVE-2021-32020',
    score: 9.8,
    sources: ['freertos-kernel'],
    description: 'The kernel in Amazon FreeRTOS before 10.4.3 has insufficient bounds checking during management of heap memory.'
  },
  {
    id: 'CVE-2018-16525',
    score: 8.1,
    sources: ['freertos-plus-tcp'],
    description:
      'FreeRTOS+TCP up to V2.0.7 has a buffer overflow in prvParseDNSReply and a remote code execution risk via crafted DNS and LLMNR replies.'
  },
  {
    id: 'CVE-2021-26461',
    score: 9.8,
    sources: ['nuttx'],
    description:
      'Apache NuttX before 10.1.0 is vulnerable to integer wrap-around in functions malloc, realloc and memalign (BadAlloc), which can lead to a heap overflow.'
  },
  {
    id: 'CVE-2020-10063',
    score: 9.8,
    sources: ['zephyr'],
    description:
      'A remote adversary with the ability to send arbitrary CoAP packets to be parsed by Zephyr can cause a denial of service or remote code execution (integer overflow in CoAP block handling).'
  },
  {
    id: 'CVE-2023-4264',
    score: 8.6,
    sources: ['zephyr'],
    description:
      'Potential buffer overflows in the Zephyr Bluetooth subsystem (link layer control and periodic advertising) may be triggered by crafted over-the-air packets.'
  },
  {
    id: 'CVE-2022-35409',
    score: 9.1,
    sources: ['mbedtls'],
    description:
      'Mbed TLS before 2.28.1 and 3.x before 3.2.0: an unauthenticated remote host could send an invalid ClientHello message to a DTLS server that causes a buffer over-read.'
  },
  {
    id: 'CVE-2021-45450',
    score: 7.5,
    sources: ['mbedtls'],
    description:
      'In Mbed TLS before 2.28.0 and 3.x before 3.1.0, psa_cipher_generate_iv and psa_cipher_encrypt allow policy bypass or oversized generated output.'
  },
  {
    id: 'CVE-2024-23775',
    score: 7.5,
    sources: ['mbedtls'],
    description:
      'An integer overflow in Mbed TLS 2.x before 2.28.7 and 3.x before 3.5.2 allows a denial of service via mbedtls_x509_set_extension().'
  },
  {
    id: 'CVE-2020-22283',
    score: 7.5,
    sources: ['lwip'],
    description:
      'A buffer overflow in the icmp6_send_response_with_addrs_and_netif() function of lwIP 2.1.2 allows attackers to access sensitive information via a crafted ICMPv6 packet.'
  },
  {
    id: 'CVE-2024-2212',
    score: 9.8,
    sources: ['netxduo'],
    description:
      'In Eclipse ThreadX NetX Duo before 6.4.0, if an attacker can control the parameters of __portable_aligned_alloc() they could cause an integer wrap-around and an allocation smaller than expected.'
  },
  {
    id: 'CVE-2024-2214',
    score: 9.8,
    sources: ['threadx'],
    description:
      'In Eclipse ThreadX before 6.4.0, the _Mtxinit() function in the Xtensa port was missing an assertion that could cause a memory corruption.'
  }
]
