/* console_agent.c - the console's enrolment and inventory protocol; see console_agent.h. */
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

/* Opens a JSON object in out; 0 when there is no buffer to write to. */
static int open_object(struct writer *w, char *out, size_t out_size) {
  if (out == NULL || out_size == 0) return 0;
  w->buf = out; w->size = out_size; w->len = 0; w->overflow = 0;
  out[0] = '\0';
  puts_raw(w, "{");
  return 1;
}

/* Closes the object: its length, or CONSOLE_ERR_BUFFER when it did not fit. */
static int close_object(struct writer *w) {
  puts_raw(w, "}");
  return w->overflow ? CONSOLE_ERR_BUFFER : (int)w->len;
}

int console_agent_encode(const struct console_inventory *inv, char *out, size_t out_size) {
  struct writer w;
  size_t i;
  char number[48];
  if (!open_object(&w, out, out_size)) return CONSOLE_ERR_BUFFER;
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
  puts_raw(&w, "]");
  return close_object(&w);
}

int console_agent_encode_enrolment(const char *hostname, const char *machine_id, char *out, size_t out_size) {
  struct writer w;
  if (!open_object(&w, out, out_size)) return CONSOLE_ERR_BUFFER;
  put_field(&w, "hostname", hostname, 0);
  put_field(&w, "device_type", "rtos", 1);
  put_field(&w, "machine_id", machine_id, 1);
  put_field(&w, "agent_version", CONSOLE_AGENT_VERSION, 1);
  return close_object(&w);
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
