/*
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
