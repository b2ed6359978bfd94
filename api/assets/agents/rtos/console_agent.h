/*
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

#define CONSOLE_AGENT_VERSION "@@VERSION@@"

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
