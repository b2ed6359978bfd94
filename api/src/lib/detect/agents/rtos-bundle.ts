import { tarGz } from './tar.js'

// The RTOS agent is a small C SDK: the firmware fills a console_inventory and hands the library
// its HTTP client (one callback); the library speaks the console's enrolment and inventory
// protocol (the same endpoints and JSON as the Linux agent). example_client.c is a reference
// client with a POSIX-socket transport that runs on a host, or on any RTOS with BSD sockets.

const HEADER = String.raw`/*
 * console_agent.h - enrolment and inventory reporting for RTOS firmware (Zephyr, FreeRTOS,
 * ThreadX, NuttX) to the security-monitoring console.
 *
 * Protocol (plain JSON over HTTP(S); see README.md):
 *   1. POST /api/v1/agents/enroll/ with "X-Provision-Token: <token>" and
 *      {"hostname", "device_type": "rtos", "machine_id", "agent_version"}
 *      -> 201/200 {"uid", "credential", ...}. Keep uid + credential in flash; enrol once.
 *   2. PUT /api/v1/devices/<uid>/inventory/ with "Authorization: Device <credential>" and the
 *      inventory JSON (platform, kernel, components, threads) -> 200. Repeat on a schedule.
 *
 * No heap, no libc beyond snprintf/strlen/memcpy/strstr: the caller owns every buffer. The
 * firmware provides the transport (its HTTP/TLS client) as one callback.
 */
#ifndef CONSOLE_AGENT_H
#define CONSOLE_AGENT_H

#include <stddef.h>

#define CONSOLE_AGENT_VERSION "@VERSION@"

#define CONSOLE_OK 0
#define CONSOLE_ERR_BUFFER (-1)     /* a buffer is too small */
#define CONSOLE_ERR_TRANSPORT (-2)  /* the transport callback failed (no connection, TLS...) */
#define CONSOLE_ERR_REFUSED (-3)    /* the console answered an error status (see *status) */
#define CONSOLE_ERR_RESPONSE (-4)   /* the console's answer could not be read */

struct console_component {
  const char *name;       /* e.g. "mbedtls" */
  const char *version;    /* e.g. "3.4.0" */
  const char *ecosystem;  /* vulnerability feed ecosystem, e.g. "Zephyr"; NULL to omit */
};

struct console_thread {
  const char *name;       /* e.g. "net_rx" */
  float avg_cpu_usage;    /* percent, 0..100, averaged since the last report */
};

struct console_inventory {
  const char *hostname;          /* device name shown in the console */
  const char *platform_name;     /* "Zephyr", "FreeRTOS", "ThreadX", "NuttX" */
  const char *platform_version;  /* RTOS version */
  const char *kernel_arch;       /* "cortex-m4", "cortex-m33", "riscv32" */
  const char *kernel_version;    /* kernel build string */
  const struct console_component *components;
  size_t component_count;
  const struct console_thread *threads;
  size_t thread_count;
};

/* What enrolment returns; store it (flash/NVS) and reuse it for every report. */
struct console_device {
  char uid[40];          /* the device uid (a UUID) */
  char credential[64];   /* "dc_" + 43 characters; secret */
};

/* One HTTP request for the transport to send. */
struct console_http_request {
  const char *method;        /* "POST" or "PUT" */
  const char *path;          /* e.g. "/api/v1/agents/enroll/" (append to the server's origin) */
  const char *header_name;   /* "X-Provision-Token" or "Authorization" (secret value) */
  const char *header_value;
  const char *body;          /* JSON, sent with Content-Type: application/json */
  size_t body_len;
};

/*
 * The firmware's HTTP client. Sends req, writes the HTTP status into *status and the response
 * body (NUL-terminated, truncated to response_size - 1) into response. Returns 0 when an answer
 * was received (whatever its status), non-zero when none was.
 */
typedef int (*console_http_fn)(void *ctx, const struct console_http_request *req,
                               char *response, size_t response_size, int *status);

/* The inventory as JSON into out (NUL-terminated): its length, or CONSOLE_ERR_BUFFER. */
int console_agent_encode(const struct console_inventory *inv, char *out, size_t out_size);

/* The enrolment body: its length, or CONSOLE_ERR_BUFFER. machine_id: 8..128 of [A-Za-z0-9._:-]. */
int console_agent_encode_enrolment(const char *hostname, const char *machine_id, char *out, size_t out_size);

/* Reads uid and credential out of the enrolment answer: CONSOLE_OK or CONSOLE_ERR_RESPONSE. */
int console_agent_parse_enrolment(const char *response, struct console_device *device);

/*
 * Enrols this device with a provision token. work is scratch space for the request body and the
 * answer (512 bytes suffice). *status receives the HTTP status (401: unknown token, 403: token
 * disabled). Returns CONSOLE_OK and fills device, or a CONSOLE_ERR_* code.
 */
int console_agent_enroll(console_http_fn http, void *ctx, const char *token, const char *hostname,
                         const char *machine_id, struct console_device *device,
                         char *work, size_t work_size, int *status);

/*
 * Sends one inventory report. work holds the encoded inventory and then the answer (about 300
 * bytes plus 60 per component and 40 per thread). *status 401 means the credential is no longer
 * valid (device removed or enrolled again): enrol again.
 */
int console_agent_report(console_http_fn http, void *ctx, const struct console_device *device,
                         const struct console_inventory *inv, char *work, size_t work_size, int *status);

#endif
`

const SOURCE = String.raw`/* console_agent.c - the console's enrolment and inventory protocol; see console_agent.h. */
#include <stdio.h>
#include <string.h>
#include "console_agent.h"

struct writer { char *buf; size_t size; size_t len; int overflow; };

static void put(struct writer *w, const char *s, size_t n) {
  if (w->overflow || w->len + n + 1 > w->size) { w->overflow = 1; return; }
  memcpy(w->buf + w->len, s, n);
  w->len += n;
  w->buf[w->len] = '\0';
}

static void puts_raw(struct writer *w, const char *s) { put(w, s, strlen(s)); }

static void put_string(struct writer *w, const char *s) {
  put(w, "\"", 1);
  for (; s != NULL && *s != '\0'; s++) {
    char c = *s;
    if (c == '"' || c == '\\') { char esc[2]; esc[0] = '\\'; esc[1] = c; put(w, esc, 2); }
    else if ((unsigned char)c < 0x20) { char hex[8]; snprintf(hex, sizeof hex, "\\u%04x", (unsigned)(unsigned char)c); put(w, hex, 6); }
    else put(w, &c, 1);
  }
  put(w, "\"", 1);
}

static void put_field(struct writer *w, const char *key, const char *value, int comma) {
  if (comma) puts_raw(w, ",");
  put_string(w, key);
  puts_raw(w, ":");
  put_string(w, value);
}

int console_agent_encode(const struct console_inventory *inv, char *out, size_t out_size) {
  struct writer w;
  size_t i;
  char number[48];
  if (out == NULL || out_size == 0) return CONSOLE_ERR_BUFFER;
  w.buf = out; w.size = out_size; w.len = 0; w.overflow = 0;
  out[0] = '\0';
  puts_raw(&w, "{");
  put_field(&w, "agent_version", CONSOLE_AGENT_VERSION, 0);
  put_field(&w, "device_type", "rtos", 1);
  put_field(&w, "hostname", inv->hostname, 1);
  put_field(&w, "platform_name", inv->platform_name, 1);
  put_field(&w, "platform_version", inv->platform_version, 1);
  put_field(&w, "kernel_arch", inv->kernel_arch, 1);
  put_field(&w, "kernel_version", inv->kernel_version, 1);
  puts_raw(&w, ",\"packages\":[");
  for (i = 0; i < inv->component_count; i++) {
    puts_raw(&w, i ? ",{" : "{");
    put_field(&w, "name", inv->components[i].name, 0);
    put_field(&w, "version", inv->components[i].version, 1);
    if (inv->components[i].ecosystem != NULL) put_field(&w, "ecosystem", inv->components[i].ecosystem, 1);
    puts_raw(&w, "}");
  }
  puts_raw(&w, "],\"threads\":[");
  for (i = 0; i < inv->thread_count; i++) {
    float cpu = inv->threads[i].avg_cpu_usage;
    if (!(cpu >= 0.0f)) cpu = 0.0f;   /* also catches NaN */
    if (cpu > 100.0f) cpu = 100.0f;
    puts_raw(&w, i ? ",{" : "{");
    put_field(&w, "thread_name", inv->threads[i].name, 0);
    snprintf(number, sizeof number, ",\"avg_cpu_usage\":%.2f}", (double)cpu);
    puts_raw(&w, number);
  }
  puts_raw(&w, "]}");
  return w.overflow ? CONSOLE_ERR_BUFFER : (int)w.len;
}

int console_agent_encode_enrolment(const char *hostname, const char *machine_id, char *out, size_t out_size) {
  struct writer w;
  if (out == NULL || out_size == 0) return CONSOLE_ERR_BUFFER;
  w.buf = out; w.size = out_size; w.len = 0; w.overflow = 0;
  out[0] = '\0';
  puts_raw(&w, "{");
  put_field(&w, "hostname", hostname, 0);
  put_field(&w, "device_type", "rtos", 1);
  put_field(&w, "machine_id", machine_id, 1);
  put_field(&w, "agent_version", CONSOLE_AGENT_VERSION, 1);
  puts_raw(&w, "}");
  return w.overflow ? CONSOLE_ERR_BUFFER : (int)w.len;
}

/* Copies the string value of "key" (no escapes expected: uids and credentials are url-safe). */
static int json_string(const char *json, const char *key, char *out, size_t out_size) {
  char pattern[32];
  const char *start, *end;
  size_t n;
  snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
  start = strstr(json, pattern);
  if (start == NULL) return CONSOLE_ERR_RESPONSE;
  start += strlen(pattern);
  end = strchr(start, '"');
  if (end == NULL) return CONSOLE_ERR_RESPONSE;
  n = (size_t)(end - start);
  if (n == 0 || n + 1 > out_size) return CONSOLE_ERR_RESPONSE;
  memcpy(out, start, n);
  out[n] = '\0';
  return CONSOLE_OK;
}

int console_agent_parse_enrolment(const char *response, struct console_device *device) {
  if (response == NULL || device == NULL) return CONSOLE_ERR_RESPONSE;
  if (json_string(response, "uid", device->uid, sizeof device->uid) != CONSOLE_OK) return CONSOLE_ERR_RESPONSE;
  if (json_string(response, "credential", device->credential, sizeof device->credential) != CONSOLE_OK) return CONSOLE_ERR_RESPONSE;
  if (strncmp(device->credential, "dc_", 3) != 0) return CONSOLE_ERR_RESPONSE;
  return CONSOLE_OK;
}

/* Sends body (at the start of work) and receives the answer into the rest of work. */
static int exchange(console_http_fn http, void *ctx, struct console_http_request *req,
                    char *work, size_t work_size, size_t body_len, char **answer, int *status) {
  size_t used = body_len + 1;
  if (used >= work_size) return CONSOLE_ERR_BUFFER;
  req->body = work;
  req->body_len = body_len;
  *answer = work + used;
  (*answer)[0] = '\0';
  *status = 0;
  if (http(ctx, req, *answer, work_size - used, status) != 0) return CONSOLE_ERR_TRANSPORT;
  if (*status < 200 || *status > 299) return CONSOLE_ERR_REFUSED;
  return CONSOLE_OK;
}

int console_agent_enroll(console_http_fn http, void *ctx, const char *token, const char *hostname,
                         const char *machine_id, struct console_device *device,
                         char *work, size_t work_size, int *status) {
  struct console_http_request req;
  char *answer;
  int len, rc;
  len = console_agent_encode_enrolment(hostname, machine_id, work, work_size);
  if (len < 0) return CONSOLE_ERR_BUFFER;
  req.method = "POST";
  req.path = "/api/v1/agents/enroll/";
  req.header_name = "X-Provision-Token";
  req.header_value = token;
  rc = exchange(http, ctx, &req, work, work_size, (size_t)len, &answer, status);
  if (rc != CONSOLE_OK) return rc;
  return console_agent_parse_enrolment(answer, device);
}

int console_agent_report(console_http_fn http, void *ctx, const struct console_device *device,
                         const struct console_inventory *inv, char *work, size_t work_size, int *status) {
  struct console_http_request req;
  char path[96], auth[80];
  char *answer;
  int len;
  len = console_agent_encode(inv, work, work_size);
  if (len < 0) return CONSOLE_ERR_BUFFER;
  snprintf(path, sizeof path, "/api/v1/devices/%s/inventory/", device->uid);
  snprintf(auth, sizeof auth, "Device %s", device->credential);
  req.method = "PUT";
  req.path = path;
  req.header_name = "Authorization";
  req.header_value = auth;
  return exchange(http, ctx, &req, work, work_size, (size_t)len, &answer, status);
}
`

const EXAMPLE = String.raw`/*
 * example_client.c - reference client: enrols a device and sends its inventory over plain HTTP
 * with POSIX sockets (host, or an RTOS with BSD sockets: Zephyr, FreeRTOS+TCP, NuttX).
 *
 *   cc -std=c99 -Wall -Werror -o example example_client.c console_agent.c
 *   ./example                                  print the inventory JSON (no network)
 *   ./example http://HOST:PORT TOKEN [MACHINE_ID] [REPORTS]   enrol, then send REPORTS reports
 *
 * On a device, replace http_posix() by your HTTP(S) client (Zephyr http_client + TLS sockets,
 * FreeRTOS coreHTTP + mbedTLS, NetX Duo web client, NuttX webclient) and keep the uid and
 * credential that console_agent_enroll() returns in flash, so the device enrols only once.
 */
#define _POSIX_C_SOURCE 200112L
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>
#include "console_agent.h"

struct server { char host[128]; char port[8]; };

/* "http://host[:port]" only: TLS belongs to the firmware's own HTTP client. */
static int parse_url(const char *url, struct server *s) {
  const char *host = url, *colon, *slash;
  size_t n;
  if (strncmp(url, "http://", 7) != 0) return -1;
  host += 7;
  slash = strchr(host, '/');
  n = slash ? (size_t)(slash - host) : strlen(host);
  colon = memchr(host, ':', n);
  if (colon != NULL) {
    size_t port_len = n - (size_t)(colon - host) - 1;
    if (port_len == 0 || port_len >= sizeof s->port) return -1;
    memcpy(s->port, colon + 1, port_len);
    s->port[port_len] = '\0';
    n = (size_t)(colon - host);
  } else {
    strcpy(s->port, "80");
  }
  if (n == 0 || n >= sizeof s->host) return -1;
  memcpy(s->host, host, n);
  s->host[n] = '\0';
  return 0;
}

static int send_all(int fd, const char *data, size_t len) {
  while (len > 0) {
    ssize_t sent = send(fd, data, len, 0);
    if (sent <= 0) return -1;
    data += sent;
    len -= (size_t)sent;
  }
  return 0;
}

/* The transport: one HTTP/1.0 request per connection (so the answer is never chunked). */
static int http_posix(void *ctx, const struct console_http_request *req, char *response, size_t response_size, int *status) {
  const struct server *s = ctx;
  struct addrinfo hints, *res, *ai;
  char head[512], raw[4096];
  size_t got = 0;
  int fd = -1, n;
  const char *body;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(s->host, s->port, &hints, &res) != 0) return -1;
  for (ai = res; ai != NULL; ai = ai->ai_next) {
    fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0) continue;
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) break;
    close(fd);
    fd = -1;
  }
  freeaddrinfo(res);
  if (fd < 0) return -1;
  n = snprintf(head, sizeof head,
               "%s %s HTTP/1.0\r\nHost: %s:%s\r\nContent-Type: application/json\r\nContent-Length: %lu\r\n%s: %s\r\n\r\n",
               req->method, req->path, s->host, s->port, (unsigned long)req->body_len, req->header_name, req->header_value);
  if (n < 0 || (size_t)n >= sizeof head || send_all(fd, head, (size_t)n) != 0 || send_all(fd, req->body, req->body_len) != 0) {
    close(fd);
    return -1;
  }
  for (;;) {
    ssize_t r = recv(fd, raw + got, sizeof raw - 1 - got, 0);
    if (r <= 0) break;
    got += (size_t)r;
    if (got == sizeof raw - 1) break;
  }
  close(fd);
  raw[got] = '\0';
  if (sscanf(raw, "HTTP/%*d.%*d %d", status) != 1) return -1;
  body = strstr(raw, "\r\n\r\n");
  body = body ? body + 4 : "";
  snprintf(response, response_size, "%s", body);
  return 0;
}

int main(int argc, char **argv) {
  static const struct console_component components[] = {
    { "zephyr", "3.5.0", "Zephyr" }, { "mbedtls", "3.4.0", "Zephyr" }, { "mcuboot", "1.10.0", "Zephyr" }, { "lwip", "2.1.3", NULL }
  };
  static const struct console_thread threads[] = {
    { "main", 3.5f }, { "net_rx", 12.25f }, { "sensor_poll", 4.0f }, { "idle", 78.0f }
  };
  const struct console_inventory inv = {
    "pump-controller-07", "Zephyr", "3.5.0", "cortex-m4", "zephyr-v3.5.0",
    components, sizeof components / sizeof components[0],
    threads, sizeof threads / sizeof threads[0]
  };
  static char work[2048];
  struct server server;
  struct console_device device;
  int status = 0, rc, i, reports;

  if (argc == 1) {
    if (console_agent_encode(&inv, work, sizeof work) < 0) { fprintf(stderr, "inventory buffer too small\n"); return 1; }
    printf("%s\n", work);
    return 0;
  }
  if (argc < 3 || parse_url(argv[1], &server) != 0) {
    fprintf(stderr, "usage: %s [http://HOST:PORT TOKEN [MACHINE_ID] [REPORTS]]\n", argv[0]);
    return 2;
  }
  rc = console_agent_enroll(http_posix, &server, argv[2], inv.hostname, argc > 3 ? argv[3] : "mcu-0123456789abcdef",
                            &device, work, sizeof work, &status);
  if (rc != CONSOLE_OK) {
    /* On a refusal the answer ({"detail": ...}) follows the request body in work. */
    fprintf(stderr, "enrolment failed: error %d, HTTP %d %s\n", rc, status, rc == CONSOLE_ERR_REFUSED ? work + strlen(work) + 1 : "");
    return 1;
  }
  printf("enrolled as device %s\n", device.uid);
  reports = argc > 4 ? atoi(argv[4]) : 1;
  for (i = 0; i < reports; i++) {
    rc = console_agent_report(http_posix, &server, &device, &inv, work, sizeof work, &status);
    if (rc != CONSOLE_OK) { fprintf(stderr, "report failed: error %d, HTTP %d\n", rc, status); return 1; }
    printf("inventory reported (HTTP %d)\n", status);
  }
  return 0;
}
`

const README = (version: string, architecture: string) => `# console agent SDK ${version} for RTOS (${architecture})

Files:
- console_agent.h   the documented API: inventory structs, the transport callback, enrol and report
- console_agent.c   the implementation (no heap; snprintf/strlen/memcpy/strstr only; C99)
- example_client.c  a reference client with a POSIX-socket HTTP transport

Try it on a host:

    cc -std=c99 -Wall -Werror -o example example_client.c console_agent.c
    ./example                                   # prints the inventory JSON
    ./example http://console.local:8080 pt_...  # enrols, then reports once

## Protocol

1. Enrol once, with a provision token from the console's Agents page:

       POST /api/v1/agents/enroll/
       X-Provision-Token: <provision token>
       Content-Type: application/json

       {"hostname": "pump-controller-07", "device_type": "rtos",
        "machine_id": "<8..128 of A-Z a-z 0-9 . _ : ->", "agent_version": "${version}"}

   Answer 201 (new device) or 200 (this machine_id was already enrolled in that tenant: same
   device, new credential): {"uid": "<device uid>", "credential": "dc_...", ...}.
   401: unknown or deleted token; 403: token disabled; 400: bad body (JSON {"detail": ...}).
   Store uid and credential in flash. Use a stable machine_id (the MCU's unique id, a serial
   number): enrolling the same machine again then keeps its device in the console.

2. Report the inventory on a schedule (e.g. hourly):

       PUT /api/v1/devices/<uid>/inventory/
       Authorization: Device <credential>
       Content-Type: application/json

       {"hostname", "device_type": "rtos", "platform_name", "platform_version", "kernel_arch",
        "kernel_version", "packages": [{"name", "version", "ecosystem"?}],
        "threads": [{"thread_name", "avg_cpu_usage": 0..100}]}

   Answer 200 {"uid", "last_connected", "package_count", "cve_count", "high_risk_cve_count",
   "alerts_raised"}. Each report replaces the previous inventory. 401: the credential is no
   longer valid (the device was enrolled again): enrol again. Limits: 16 MiB body, 20,000
   packages, 1,000 threads, names up to 128-256 characters.

Use HTTPS in production: give console_agent_enroll() / console_agent_report() a transport built
on your TLS stack. The credential is a secret: keep it in protected storage.
`

export function rtosBundle (version: string, architecture: string): Buffer {
  // Files at the archive root: the install script unpacks them straight into its folder.
  return tarGz([
    { name: 'README.md', content: README(version, architecture) },
    { name: 'console_agent.h', content: HEADER.replace('@VERSION@', version) },
    { name: 'console_agent.c', content: SOURCE },
    { name: 'example_client.c', content: EXAMPLE }
  ], Math.floor(Date.UTC(2025, 0, 1) / 1000))
}
