import { tarGz } from './tar.js'

// The RTOS "agent" is a C SDK: the firmware fills a console_inventory and the library encodes it
// as the JSON the console's inventory endpoint takes (the same shape as the Linux agent's report).

const HEADER = String.raw`/*
 * console_agent.h - inventory reporting for RTOS firmware (Zephyr, FreeRTOS, ThreadX, NuttX).
 *
 * The firmware describes itself in a struct console_inventory (platform, kernel, components with
 * versions, threads with average CPU use) and calls console_agent_encode() to get the JSON body
 * for POST {CONSOLE_SERVER}/api/v1/agents/inventory/ with header "X-API-Key: <provision token>".
 * No allocation, no libc beyond snprintf/strlen: the caller owns every buffer.
 */
#ifndef CONSOLE_AGENT_H
#define CONSOLE_AGENT_H

#include <stddef.h>

#define CONSOLE_AGENT_VERSION "@VERSION@"

struct console_component {
  const char *name;     /* e.g. "mbedtls" */
  const char *version;  /* e.g. "3.4.0" */
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

/*
 * Writes the inventory as JSON into out (NUL-terminated). Returns the length written, or -1 when
 * out_size is too small (nothing partial is reported as success).
 */
int console_agent_encode(const struct console_inventory *inv, char *out, size_t out_size);

#endif
`

const SOURCE = String.raw`/* console_agent.c - JSON encoding of struct console_inventory; see console_agent.h. */
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
    if (c == '"' || c == '\\') { char esc[2] = { '\\', c }; put(w, esc, 2); }
    else if ((unsigned char)c < 0x20) { char hex[7]; snprintf(hex, sizeof hex, "\\u%04x", (unsigned char)c); put(w, hex, 6); }
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
  struct writer w = { out, out_size, 0, 0 };
  size_t i;
  char number[32];
  if (out_size == 0) return -1;
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
    puts_raw(&w, "}");
  }
  puts_raw(&w, "],\"threads\":[");
  for (i = 0; i < inv->thread_count; i++) {
    puts_raw(&w, i ? ",{" : "{");
    put_field(&w, "thread_name", inv->threads[i].name, 0);
    snprintf(number, sizeof number, ",\"avg_cpu_usage\":%.2f}", (double)inv->threads[i].avg_cpu_usage);
    puts_raw(&w, number);
  }
  puts_raw(&w, "]}");
  return w.overflow ? -1 : (int)w.len;
}
`

const EXAMPLE = String.raw`/*
 * example_client.c - builds an inventory and prints the JSON the firmware would POST.
 * On a host: cc -o example example_client.c console_agent.c && ./example
 * On the device, hand the buffer to your HTTP client (Zephyr http_client, FreeRTOS coreHTTP,
 * NetX Duo web client, NuttX webclient) with:
 *   POST /api/v1/agents/inventory/      Content-Type: application/json
 *   X-API-Key: CONSOLE_PROVISION_TOKEN  (from console_agent_config.h)
 */
#include <stdio.h>
#include "console_agent.h"

int main(void) {
  static const struct console_component components[] = {
    { "zephyr", "3.5.0" }, { "mbedtls", "3.4.0" }, { "mcuboot", "1.10.0" }, { "lwip", "2.1.3" }
  };
  static const struct console_thread threads[] = {
    { "main", 3.5f }, { "net_rx", 12.25f }, { "sensor_poll", 4.0f }, { "idle", 78.0f }
  };
  const struct console_inventory inv = {
    "pump-controller-07", "Zephyr", "3.5.0", "cortex-m4", "zephyr-v3.5.0",
    components, sizeof components / sizeof components[0],
    threads, sizeof threads / sizeof threads[0]
  };
  char body[1024];
  int n = console_agent_encode(&inv, body, sizeof body);
  if (n < 0) { fprintf(stderr, "inventory buffer too small\n"); return 1; }
  printf("%s\n", body);
  return 0;
}
`

const README = (version: string, architecture: string) => `# console agent SDK ${version} for RTOS (${architecture})

Files:
- console_agent.h   the documented API (struct console_inventory, console_agent_encode)
- console_agent.c   the implementation (no heap, snprintf/strlen only)
- example_client.c  an example that builds an inventory and prints the JSON body

Try it on a host: cc -o example example_client.c console_agent.c && ./example

The firmware sends that body to POST <server>/api/v1/agents/inventory/ with the header
"X-API-Key: <provision token>" (accepted once server-side enrolment is released).
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
